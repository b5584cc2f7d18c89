#!/usr/bin/env python3
"""Do gbreak's patch files remove the breaks Dynamo really hits? (issue 18)

For every record of the real-model sweep that breaks (corpus/_records/torch-<v>/sweep/<lib>/),
gbreak writes the entry's patch file (`gbreak lint --entry <entry> --write-patches`, with the
judge's --inputs and --config for that record, reading the library sources of
.venv-test/model-libs: the same wheels the oracle runs). Then, in a forked worker that builds the
model exactly as the sweep did (same shrink level, same inputs):

1. an eager call of the unpatched model (seeded): the reference output;
2. a compiled call (torch.compile, backend="eager") of the unpatched model: the breaks now;
3. the patch file is imported, Dynamo reset, and the compiled call made again: the breaks left,
   and its output, compared with the reference (every tensor of the output, torch.allclose).
   Each call is made on a fresh copy of the model. Where step 2's output already differs from
   the reference (randomness drawn in another order in training), a difference in step 3 is not
   counted against the patch; the report lists those records apart.

One result per record under corpus/_records/torch-<v>/patched/<lib>/<model>-<mode>.json
(patched-unsafe/ with --unsafe: the patch files of `--unsafe-fixes`, which set the Dynamo
settings and make the unsafe edits);
`--report` sums them up per library: breaks removed (of the breaks of step 2), breaking models
compiling whole after patching, and every model whose output changed (a failure).

    .venv-oracle/bin/python tests/oracle/patched_sweep.py transformers -j 2 --resume
    .venv-oracle/bin/python tests/oracle/patched_sweep.py --report [--unsafe]

Records whose entry gets no patch file (no library finding with a mechanical fix, no finding a
Dynamo setting traces) are written without running Dynamo: nothing would change.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))

from capture import DynamoCapture, PathMapper, dump_json, exception_info  # noqa: E402
from cases import RECORDS_ROOT  # noqa: E402

DEFAULT_TIMEOUT = 600


def breaking_records(torch_version: str, lib: str) -> list[dict]:
    out = []
    for path in sorted((RECORDS_ROOT / f"torch-{torch_version}" / "sweep" / lib).glob("*.json")):
        rec = json.loads(path.read_text())
        if rec.get("status") == "recorded" and rec.get("breaks"):
            out.append(rec)
    return out


def result_path(torch_version: str, lib: str, model: str, mode: str, unsafe: bool) -> Path:
    kind = "patched-unsafe" if unsafe else "patched"
    return RECORDS_ROOT / f"torch-{torch_version}" / kind / lib / f"{model}-{mode}.json"


def write_patch_file(binary: str, rec: dict, target: Path, unsafe: bool) -> dict:
    """Runs gbreak as the judge does for this record, with --write-patches; what it said."""
    import judge
    libs = Path(os.environ.get("GBREAK_MODEL_LIBS", REPO / ".venv-test" / "model-libs"))
    key = judge.run_key(rec, with_inputs=True)
    cmd = judge.entry_command(binary, libs, *key)
    cmd += ["--write-patches", "--patches-file", str(target)]
    cmd += ["--unsafe-fixes"] if unsafe else []
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    wrote = [line for line in p.stderr.splitlines() if "wrote " in line or "not patched" in line]
    return {"returncode": p.returncode, "messages": wrote, "written": target.exists()}


def _tensors(value, torch) -> list:
    """The tensors of a model's output, in a fixed order."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, dict):
        return [t for k in value for t in _tensors(value[k], torch)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _tensors(v, torch)]
    return []


def _same(a, b, torch) -> bool:
    ta, tb = _tensors(a, torch), _tensors(b, torch)
    if len(ta) != len(tb):
        return False
    for x, y in zip(ta, tb):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        if x.is_floating_point() or x.is_complex():
            if not torch.allclose(x.detach(), y.detach(), rtol=1e-4, atol=1e-5, equal_nan=True):
                return False
        elif not torch.equal(x, y):
            return False
    return True


def worker(lib_name: str, rec: dict, patch_file: Path) -> dict:
    import importlib.util

    import torch
    import torch._dynamo
    from inputs import batch_of_two, variants
    from shrink import LEVELS
    from sweep import _shapes, library

    torch.set_num_threads(1)
    lib = library(lib_name)
    mapper = PathMapper()
    levels = getattr(lib, "LEVELS", None) or LEVELS
    level = [lv.name for lv in levels].index(rec["shrink_level"])
    mode = rec["mode"]

    def is_library(path: str) -> bool:
        return mapper.rel(path).startswith(lib.PREFIXES)

    torch.manual_seed(0)
    model, _ = lib.build(rec["model"], level)
    model.train(mode == "train")
    make = getattr(lib, "inputs", None)
    made = make(model, rec["model"], torch) if make else variants(model, torch)
    if mode == "train":
        made = made + [batch_of_two(kwargs, torch) for kwargs in made]
    kwargs = next((k for k in made if json.loads(json.dumps(_shapes(k))) == rec["inputs"]), None)
    if kwargs is None:
        return {"status": "no_inputs", "error": "the record's inputs are not among the variants"}

    # Each call gets a fresh copy: a first call may change the model (BigBird switches its
    # attention type, with a warning, when the sequence is short), and the sweep's compiled call
    # was the model's first.
    def compiled_call():
        torch._dynamo.reset()
        capture = DynamoCapture(mapper, user_file_filter=is_library)
        compiled = torch.compile(copy.deepcopy(model), backend="eager")
        torch.manual_seed(1)
        with capture:
            out = compiled(**kwargs)
        summary = capture.summary()
        return out, {"graph_count": summary["graph_count"], "break_count": summary["break_count"],
                     "breaks": [{"file": b["file"], "line": b["line"], "gb_type": b["gb_type"]}
                                for b in summary["breaks"]]}

    torch.manual_seed(1)
    expected = copy.deepcopy(model)(**kwargs)
    got_before, before = compiled_call()
    spec = importlib.util.spec_from_file_location("gbreak_patches", patch_file)
    patches = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(patches)
    got, after = compiled_call()
    # The unpatched compiled call's output too: where it already differs from the eager call
    # (randomness Dynamo draws in another order), a difference after patching is not the patch's.
    return {"status": "measured", "before": before, "after": after,
            "outputs_equal": _same(expected, got, torch),
            "unpatched_outputs_equal": _same(expected, got_before, torch)}


def run_job(lib_name: str, rec: dict, patch_file: Path, timeout: int) -> dict:
    """The worker in a forked child (its patches must not leak into the next job)."""
    out = Path(tempfile.mkdtemp(prefix="gbreak-patched-")) / "result.json"
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.setpgid(0, 0)
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            try:
                result = worker(lib_name, rec, patch_file)
            except BaseException as e:  # noqa: BLE001 - recorded
                result = {"status": "error", "error": exception_info(e, PathMapper())}
            out.write_text(dump_json(result))
            code = 0
        finally:
            os._exit(code)
    from sweep import wait_or_kill
    status = wait_or_kill(pid, timeout)
    if out.exists():
        return json.loads(out.read_text())
    return {"status": "crash", "error": f"worker ended with status {status}"}


def measure(lib_name: str, rec: dict, binary: str, timeout: int, unsafe: bool) -> dict:
    result = {"library": lib_name, "model": rec["model"], "mode": rec["mode"],
              "entry": rec["entry"], "torch": rec["torch"],
              "recorded_breaks": len(rec["breaks"]),
              "recorded_break_count": rec.get("break_count", len(rec["breaks"]))}
    with tempfile.TemporaryDirectory(prefix="gbreak-patches-") as tmp:
        patch_file = Path(tmp) / "gbreak_patches.py"
        result["gbreak"] = write_patch_file(binary, rec, patch_file, unsafe)
        if not patch_file.exists():
            result["status"] = "no_patches"
            return result
        text = patch_file.read_text()
        result["patched_functions"] = text.count("@_gbreak_patch(")
        result["settings"] = sorted({line.split(" =")[0].split(".add(")[0]
                                     for line in text.splitlines()
                                     if line.startswith("torch._dynamo.config.")})
        result.update(run_job(lib_name, rec, patch_file, timeout))
    return result


def report(torch_version: str, unsafe: bool) -> int:
    root = RECORDS_ROOT / f"torch-{torch_version}" / ("patched-unsafe" if unsafe else "patched")
    by_lib: dict[str, list[dict]] = defaultdict(list)
    for path in sorted(root.glob("*/*.json")):
        r = json.loads(path.read_text())
        by_lib[r["library"]].append(r)
    print(f"{'library':16} {'records':>7} {'patched':>7} {'breaks':>7} {'removed':>8} "
          f"{'whole after':>12} {'changed output':>15}")
    for lib, results in sorted(by_lib.items()):
        measured = [r for r in results if r.get("status") == "measured"]
        # Breaks now: the unpatched compiled call of this run where measured, else the record's.
        # (as Dynamo counts them: a break hit in each of N layers counts N).
        before = sum(r["before"]["break_count"] if r.get("status") == "measured"
                     else r["recorded_break_count"] for r in results)
        after = sum(r["after"]["break_count"] if r.get("status") == "measured"
                    else r["recorded_break_count"] for r in results)
        whole = sum(1 for r in measured if r["after"]["break_count"] == 0
                    and r["before"]["break_count"] > 0)
        breaking = sum(1 for r in results if r.get("status") != "measured"
                       or r["before"]["break_count"] > 0)
        # A changed output counts against the patch only where the unpatched compiled call
        # matched the eager one.
        changed = [f"{r['model']}-{r['mode']}" for r in measured
                   if not r["outputs_equal"] and r.get("unpatched_outputs_equal", True)]
        noisy = [f"{r['model']}-{r['mode']}" for r in measured
                 if not r.get("unpatched_outputs_equal", True)]
        removed = (before - after) / before if before else 0.0
        print(f"{lib:16} {len(results):7} {len(measured):7} {before:7} {removed:8.1%} "
              f"{whole:5}/{breaking:<6} {len(changed):15}")
        for name in changed:
            print(f"    output changed: {name}")
        for name in noisy:
            print(f"    output differs without the patch too (not counted): {name}")
        errors = [r for r in results if r.get("status") in ("error", "crash", "no_inputs")]
        for r in errors:
            print(f"    not measured ({r['status']}): {r['model']}-{r['mode']}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("library", nargs="?", help="transformers, diffusers, ...")
    ap.add_argument("--binary", default=os.environ.get("GBREAK_BINARY",
                                                       str(REPO / "build" / "gbreak")))
    ap.add_argument("--torch", default=None, help="the records' torch version (default: this one)")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--resume", action="store_true", help="skip records already measured")
    ap.add_argument("--models", nargs="*", default=None)
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT)
    ap.add_argument("--report", action="store_true", help="sum up the results")
    ap.add_argument("--unsafe", action="store_true",
                    help="patch files made with --unsafe-fixes (results under patched-unsafe/)")
    args = ap.parse_args(argv)

    if args.torch is None:
        import torch
        args.torch = torch.__version__.split("+")[0]
    if args.report:
        return report(args.torch, args.unsafe)
    if not args.library:
        ap.error("name a library (or --report)")
    if os.environ.get("GBREAK_ORACLE_CHILD_ENV") != "1":
        from run_oracle import child_env
        env = child_env()
        env["GBREAK_ORACLE_CHILD_ENV"] = "1"
        os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]],
                  env)
    import torch  # noqa: F401 - imported once, shared copy-on-write by the children
    import torch._dynamo  # noqa: F401
    from sweep import library
    library(args.library)
    records = breaking_records(args.torch, args.library)
    if args.models:
        records = [r for r in records if r["model"] in args.models]
    jobs = []
    for rec in records:
        path = result_path(args.torch, args.library, rec["model"], rec["mode"], args.unsafe)
        if not (args.resume and path.exists()):
            jobs.append((rec, path))
    print(f"patched {args.library}: {len(jobs)} records, torch {args.torch}", flush=True)
    running: dict[int, str] = {}
    pending = list(jobs)
    while pending or running:
        while pending and len(running) < max(1, args.jobs):
            rec, path = pending.pop(0)
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    t0 = time.monotonic()
                    result = measure(args.library, rec, args.binary, args.timeout, args.unsafe)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    tmp = path.with_suffix(".json.tmp")
                    tmp.write_text(dump_json(result))
                    tmp.replace(path)
                    before = (result.get("before") or {}).get("break_count", "-")
                    after = (result.get("after") or {}).get("break_count", "-")
                    print(f"{result['status']:11s} {rec['model']}-{rec['mode']}: breaks {before}"
                          f" -> {after} equal={result.get('outputs_equal', '-')} "
                          f"{time.monotonic() - t0:.1f}s", flush=True)
                    code = 0
                finally:
                    os._exit(code)
            running[pid] = rec["model"]
        pid, _ = os.wait()
        running.pop(pid, None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

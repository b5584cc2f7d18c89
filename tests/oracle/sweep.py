#!/usr/bin/env python3
"""The real-model sweep: every model of a library, built tiny, run once eagerly and once under
torch.compile(backend="eager"), in eval and in train mode; one record per model and mode under
corpus/_records/torch-<version>/sweep/<library>/<model>-<mode>.json.

    .venv-oracle/bin/python tests/oracle/sweep.py transformers -j 2 --resume
    .venv-oracle/bin/python tests/oracle/sweep.py diffusers --models UNet2DModel --modes eval
    .venv-oracle/bin/python tests/oracle/sweep.py transformers --list

Libraries are modules `sweep_<library>.py` beside this file (see sweep_transformers.py): each
lists its models (entries()), builds one at a shrink level (build(name, level)) and names the
paths of its files (ROOTS, PREFIXES). `--resume` skips models already recorded for this torch
version, so a long sweep can be stopped and started again; records are written as they come.

How one model x mode is recorded (each in its own forked process, from a parent that imported
torch and the library once):
1. build the model at the smallest shrink level; pick inputs (inputs.py);
2. in a forked grandchild, call it eagerly under sys.settrace: the library lines it executes. An
   error there means these inputs or this level do not work: the next variant, then the next
   level, is tried;
3. from the same untouched state, compile it and call it once, capturing what Dynamo did
   (capture.DynamoCapture, capture.TracedLines).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from capture import (DynamoCapture, PathMapper, dump_json, exception_info,  # noqa: E402
                     format_line_runs, versions)
from cases import RECORDS_ROOT  # noqa: E402
from executed import ExecutedLines  # noqa: E402

DEFAULT_TIMEOUT = 600
EAGER_OK, EAGER_FAILED = 0, 3


def library(name: str):
    return importlib.import_module(f"sweep_{name}")


def record_path(torch_version: str, lib: str, model: str, mode: str) -> Path:
    return RECORDS_ROOT / f"torch-{torch_version}" / "sweep" / lib / f"{model}-{mode}.json"


def line_runs(lines: dict[str, set[int]], mapper: PathMapper, prefixes: tuple[str, ...]) -> dict:
    """{site-packages-relative file: "12-15,20"} for the files of the library."""
    by_rel: dict[str, set[int]] = {}
    for path, seen in lines.items():
        rel = mapper.rel(path)
        if rel.startswith(prefixes):
            by_rel.setdefault(rel, set()).update(seen)
    return {rel: format_line_runs(seen) for rel, seen in sorted(by_rel.items())}


def _shapes(v):
    """The shapes of the inputs: a tensor by its shape, a list or dict of them item by item, any
    other value as itself (JSON-able)."""
    if hasattr(v, "shape"):
        return list(v.shape)
    if isinstance(v, dict):
        return {str(k): _shapes(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_shapes(x) for x in v]
    return _jsonable(v)


def _eager_probe(model, kwargs, lib, out: Path) -> tuple[int, dict]:
    """Run the eager call in a forked grandchild; (status, executed lines or error)."""
    pid = os.fork()
    if pid == 0:
        code = EAGER_FAILED
        try:
            ex = ExecutedLines(lib.ROOTS)
            with ex:
                model(**kwargs)
            out.write_text(json.dumps({path: sorted(v) for path, v in ex.lines.items()}))
            code = EAGER_OK
        except BaseException as e:  # noqa: BLE001 - reported to the parent
            mapper = PathMapper()
            info = exception_info(e, mapper, lambda p: mapper.rel(p).startswith(lib.PREFIXES))
            out.write_text(json.dumps({"error": info}))
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status):
        return EAGER_FAILED, {"error": {"type": "WorkerCrash",
                                        "message": f"eager call killed by signal {os.WTERMSIG(status)}"}}
    data = json.loads(out.read_text()) if out.exists() else {"error": {"type": "WorkerCrash",
                                                                        "message": "no output"}}
    return os.WEXITSTATUS(status), data


MAX_PARAMETERS = 400_000_000  # 1.6 GB of float32 per job: a tiny model is far smaller, and a model whose
# sizes are tied in ways no shrink rule knows runs at its defaults (speech, vision towers)
MAX_ADDRESS_SPACE = 10 << 30  # two jobs run at once on a 24 GB machine


def _too_big(lib, model_name: str, level: int) -> str | None:
    """Why the model at this level is too big to build, from a build on the meta device (no
    memory); None when it fits or the meta build is not possible (the real build then runs
    under MAX_ADDRESS_SPACE)."""
    import torch
    try:
        with torch.device("meta"):
            model, _ = lib.build(model_name, level)
    except BaseException:  # noqa: BLE001 - some constructors compute on their tensors
        return None
    n = sum(p.numel() for p in model.parameters())
    return f"{n:,} parameters at this level (> {MAX_PARAMETERS:,})" if n > MAX_PARAMETERS else None


def worker(lib_name: str, model_name: str, mode: str, tmp: Path) -> dict:
    import torch
    from run_oracle import run_callable
    from shrink import LEVELS
    from inputs import batch_of_two, variants

    torch.set_num_threads(1)
    lib = library(lib_name)
    mapper = PathMapper()
    # A library may try fewer shrink levels, and make its own inputs (candidate kwargs dicts,
    # most typical first); otherwise inputs.py's generic variants.
    levels = getattr(lib, "LEVELS", None) or LEVELS

    def candidates(model):
        make = getattr(lib, "inputs", None)
        made = make(model, model_name, torch) if make else variants(model, torch)
        if mode == "train":
            # Batch norm in training needs more than one value per channel (a batch of one
            # image pooled to 1x1 has one): the same calls with a batch of two, after those.
            made = made + [batch_of_two(kwargs, torch) for kwargs in made]
        return made

    def is_library(path: str) -> bool:
        return mapper.rel(path).startswith(lib.PREFIXES)

    rec = {"library": lib_name, "model": model_name, "entry": lib.entry_of(model_name),
           "mode": mode, **versions(), "libraries": lib.versions(), "status": None,
           "config_overrides": {}, "shrink_level": None, "inputs": {}, "attempts": [],
           "error": None, "breaks": [], "graph_count": None, "traced_lines": {},
           "executed_lines": {}}
    chosen = None
    for level in range(len(levels)):
        torch.manual_seed(0)
        try:
            too_big = _too_big(lib, model_name, level)
            if too_big:
                raise MemoryError(too_big)
            model, overrides = lib.build(model_name, level)
            model.train(mode == "train")
        except BaseException as e:  # noqa: BLE001
            rec["attempts"].append({"level": levels[level].name, "phase": "build",
                                    "error": exception_info(e, mapper, is_library)})
            continue
        for kwargs in candidates(model):
            st, data = _eager_probe(model, kwargs, lib, tmp / "eager.json")
            if st == EAGER_OK:
                chosen = (level, model, overrides, kwargs, data)
                break
            rec["attempts"].append({"level": levels[level].name, "phase": "eager",
                                    "inputs": sorted(kwargs), "error": data.get("error")})
        if chosen:
            break
        del model
    if chosen is None:
        phases = {a["phase"] for a in rec["attempts"]}
        rec["status"] = "eager_error" if "eager" in phases else "build_error"
        rec["error"] = rec["attempts"][-1]["error"] if rec["attempts"] else {
            "type": "NoInputs", "message": "no known input in forward's signature"}
        return rec
    level, model, overrides, kwargs, executed = chosen
    rec["shrink_level"] = levels[level].name
    rec["config_overrides"] = _jsonable(overrides)
    rec["inputs"] = _shapes(kwargs)
    rec["executed_lines"] = line_runs({p: set(v) for p, v in executed.items()}, mapper,
                                      lib.PREFIXES)
    from capture import TracedLines
    capture = DynamoCapture(mapper, user_file_filter=is_library)
    traced = TracedLines(mapper, keep=lambda rel: rel.startswith(lib.PREFIXES))
    with traced:
        res = run_callable(model, [kwargs], mode, capture, mapper, user_filter=is_library)
    rec["error"] = res["error"]
    rec.update(capture.summary())
    rec["traced_lines"] = traced.summary()
    rec["status"] = "recorded" if res["error"] is None else "compile_error"
    # Stacks are long and the judge reads only the innermost library frame: keep the library
    # frames of each stack.
    for b in rec["breaks"]:
        b["stack"] = [f for f in b["stack"] if f["file"] and f["file"].startswith(lib.PREFIXES)]
    return rec


def _jsonable(v):
    from run_oracle import jsonable
    return jsonable(v)


def wait_or_kill(pid: int, timeout: int) -> int:
    """Waits for the child `pid` (a process group leader); kills its group after `timeout`
    seconds. Its wait status."""
    t0 = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() - t0 > timeout:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)


def run_job(lib_name: str, model: str, mode: str, timeout: int) -> dict:
    """Fork a child for one model x mode; kill its process group after `timeout` seconds."""
    td = Path(tempfile.mkdtemp(prefix="gbreak-sweep-"))
    out = td / "rec.json"
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            import resource
            os.setpgid(0, 0)
            resource.setrlimit(resource.RLIMIT_AS, (MAX_ADDRESS_SPACE, MAX_ADDRESS_SPACE))
            fd = os.open(str(td / "log.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.chdir(td)
            out.write_text(dump_json(worker(lib_name, model, mode, td)))
            code = 0
        except BaseException:  # noqa: BLE001
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    status = wait_or_kill(pid, timeout)
    rec = json.loads(out.read_text()) if out.exists() else None
    if rec is None:
        log = td / "log.txt"
        tail = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
        why = f"killed after {timeout}s" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
        lib = library(lib_name)
        rec = {"library": lib_name, "model": model, "entry": lib.entry_of(model), "mode": mode,
               **versions(), "status": "crash", "breaks": [], "graph_count": None,
               "error": {"type": "WorkerCrash", "message": f"worker {why}: " + " | ".join(tail)}}
    import shutil
    shutil.rmtree(td, ignore_errors=True)
    return rec


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("library", help="transformers, diffusers, ... (a sweep_<name>.py module)")
    ap.add_argument("--models", nargs="*", default=None, help="only these (default: all)")
    ap.add_argument("--modes", default="eval,train")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--resume", action="store_true", help="skip models recorded for this torch")
    ap.add_argument("--retry-failed", action="store_true",
                    help="with --resume: run again the records whose status is not 'recorded'")
    ap.add_argument("--shard", default="0/1", help="i/n: every n-th model from the i-th")
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT)
    ap.add_argument("--list", action="store_true", help="print the models and their entries")
    args = ap.parse_args(argv)

    if os.environ.get("GBREAK_ORACLE_CHILD_ENV") != "1":
        from run_oracle import child_env
        env = child_env()
        env["GBREAK_ORACLE_CHILD_ENV"] = "1"
        os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]],
                  env)

    import torch  # noqa: F401 - imported once, shared copy-on-write by the children
    import torch._dynamo  # noqa: F401
    lib = library(args.library)
    names = args.models or lib.entries()
    if args.list:
        for n in names:
            print(f"{n}\t{lib.entry_of(n)}")
        return 0
    i, n = (int(x) for x in args.shard.split("/"))
    names = names[i::n]
    tv = versions()["torch"]
    jobs = []
    for name in names:
        for mode in args.modes.split(","):
            path = record_path(tv, args.library, name, mode)
            if args.resume and path.exists():
                old = json.loads(path.read_text())
                if not (args.retry_failed and old.get("status") != "recorded"):
                    continue
            jobs.append((name, mode, path))
    print(f"sweep {args.library}: {len(jobs)} jobs, torch {tv}", flush=True)
    running: dict[int, tuple] = {}
    # A small fork server of job runners: each runner process forks the job's worker.
    pending = list(jobs)
    while pending or running:
        while pending and len(running) < max(1, args.jobs):
            name, mode, path = pending.pop(0)
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    t0 = time.monotonic()
                    rec = run_job(args.library, name, mode, args.timeout)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    tmp = path.with_suffix(".json.tmp")
                    tmp.write_text(dump_json(rec))
                    tmp.replace(path)
                    err = rec.get("error") or {}
                    print(f"{rec['status']:13s} {args.library}/{name}-{mode}: "
                          f"graphs={rec.get('graph_count')} breaks={rec.get('break_count', 0)} "
                          f"level={rec.get('shrink_level')} {time.monotonic() - t0:.1f}s "
                          f"{err.get('type', '')} {str(err.get('message', ''))[:120]}",
                          flush=True)
                    code = 0
                finally:
                    os._exit(code)
            running[pid] = (name, mode)
        pid, _ = os.wait()
        running.pop(pid, None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

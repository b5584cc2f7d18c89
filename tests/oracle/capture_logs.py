#!/usr/bin/env python3
"""Capture real torch runtime logs for gbreak's log cross-check tests, verbatim.

For a handful of corpus cases and two tiny models this runs the code under
torch.compile(backend="eager") in a fresh interpreter with
  * TORCH_LOGS=graph_breaks      -> graph_breaks.log   (stderr)
  * TORCH_LOGS=+dynamo           -> dynamo_debug.log   (stderr; skipped when larger than 2 MB)
  * TORCH_LOGS=recompiles        -> recompiles.log     (cases that recompile)
  * TORCH_TRACE=<dir>/trace      -> trace/dedicated_log_torch_trace_*.log
and writes tests/fixtures/logs/torch-<version>/<name>/..., plus README.md saying how.

    .venv-oracle/bin/python tests/oracle/capture_logs.py            # all fixtures
    .venv-oracle/bin/python tests/oracle/capture_logs.py if_tensor_sum

Logs are NOT edited: they carry this machine's absolute paths (the prefix is recorded in the README).
The driver runs the code exactly like the oracle (same compile call, mode, config, inputs) but
without the oracle's own log handlers, so the text is what a user would see.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cases import CORPUS_ROOT, REPO_ROOT  # noqa: E402

MAX_BYTES = 2 * 1024 * 1024

# name -> ("case", corpus-relative path) | ("model", model name); recompiles: capture recompiles.log
FIXTURES = {
    "if_tensor_sum": ("case", "control_flow/if_tensor_sum.py", False),
    "break_in_for_loop": ("case", "control_flow/break_in_for_loop.py", False),
    "item_mid_forward": ("case", "conversions/item_mid_forward.py", False),
    "print_in_helper": ("case", "side_effects/print_in_helper.py", False),
    "disabled_method_call": ("case", "explicit/disabled_method_call.py", False),
    "nonzero_indices": ("case", "dynamic_shapes/nonzero_indices.py", False),
    "toy_llama_pkg": ("case", "multifile/toy_llama/case.py", False),
    "step_counter_attribute": ("case", "recompiles/step_counter_attribute.py", True),
    "model_longformer_eval": ("model", "longformer:eval", False),
    "model_switch_transformers_eval": ("model", "switch_transformers:eval", True),
    "model_gpt2_eval": ("model", "gpt2:eval", False),
}

CHANNELS = [  # (file name, TORCH_LOGS value)
    ("graph_breaks.log", "graph_breaks"),
    ("dynamo_debug.log", "+dynamo"),
]


# ------------------------------------------------------------------------------------ driver
def drive(kind: str, target: str) -> int:
    """Run one case/model once, like the oracle, with whatever TORCH_LOGS/TORCH_TRACE is set."""
    import torch
    from capture import PathMapper
    from run_oracle import _import_case, run_callable
    torch.manual_seed(0)
    null = contextlib.nullcontext()
    if kind == "case":
        mod = _import_case((CORPUS_ROOT / target).resolve())
        for k, v in (getattr(mod, "GBREAK_DYNAMO_CONFIG", {}) or {}).items():
            setattr(torch._dynamo.config, k, v)
        torch.manual_seed(0)
        fn, calls = mod.gbreak_case()
        res = run_callable(fn, calls, getattr(mod, "GBREAK_MODE", None), null, PathMapper())
    else:
        import models
        name, mode = target.split(":")
        model, kwargs, _ = models.build(name)
        res = run_callable(model, [kwargs], mode, null, PathMapper())
    err = res.get("error")
    print(f"capture_logs driver: done, error={err and err.get('type')}", file=sys.stderr)
    return 0


# ------------------------------------------------------------------------------------ capture
def base_env() -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TORCH_LOGS", "TORCH_TRACE", "TORCHDYNAMO_", "TORCH_COMPILE"))}
    env.update({"PYTHONHASHSEED": "0", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
                "OMP_NUM_THREADS": "1", "PYTHONWARNINGS": "ignore",
                "TRANSFORMERS_VERBOSITY": "error", "DIFFUSERS_VERBOSITY": "error"})
    return env


def run_driver(kind: str, target: str, extra_env: dict, cwd: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--drive", kind, target]
    env = base_env()
    env.update(extra_env)
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=900)


def capture(name: str, out_root: Path) -> list[str]:
    kind, target, recompiles = FIXTURES[name]
    d = out_root / name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    notes = []
    channels = list(CHANNELS) + ([("recompiles.log", "recompiles")] if recompiles else [])
    for fname, logs in channels:
        p = run_driver(kind, target, {"TORCH_LOGS": logs}, REPO_ROOT)
        data = p.stderr
        if len(data.encode()) > MAX_BYTES and logs == "+dynamo":
            # the DEBUG log of a whole model is too big for a fixture: keep the INFO-level one
            notes.append(f"{fname} skipped ({len(data.encode())} bytes > 2 MB); "
                         "dynamo_info.log (TORCH_LOGS=dynamo) instead")
            fname, logs = "dynamo_info.log", "dynamo"
            data = run_driver(kind, target, {"TORCH_LOGS": logs}, REPO_ROOT).stderr
        if len(data.encode()) > MAX_BYTES:
            notes.append(f"{fname} skipped: {len(data.encode())} bytes > 2 MB")
            continue
        (d / fname).write_text(data)
    trace_dir = d / "trace"
    p = run_driver(kind, target, {"TORCH_TRACE": str(trace_dir)}, REPO_ROOT)
    size = sum(f.stat().st_size for f in trace_dir.rglob("*") if f.is_file()) if trace_dir.exists() else 0
    if size > MAX_BYTES:
        shutil.rmtree(trace_dir)
        notes.append(f"trace/ skipped: {size} bytes > 2 MB")
    return notes


def write_readme(out_root: Path, version: str, notes: dict[str, list[str]]) -> None:
    site = sysconfig.get_paths()["purelib"]
    rel_py = os.path.relpath(sys.executable, REPO_ROOT)
    lines = [
        f"# Real torch {version} logs (fixtures for the log cross-check)",
        "",
        "Produced by `tests/oracle/capture_logs.py` (re-run it to regenerate; output is verbatim, never",
        "edited). Each directory is one run target; every file comes from its own fresh interpreter:",
        "",
        "```",
        f"cd <repo> && env PYTHONHASHSEED=0 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_NUM_THREADS=1 \\",
        "    PYTHONWARNINGS=ignore TRANSFORMERS_VERBOSITY=error DIFFUSERS_VERBOSITY=error \\",
        "    TORCH_LOGS=<channel>            # or TORCH_TRACE=<dir>/trace",
        f"    {rel_py} tests/oracle/capture_logs.py --drive case <corpus-relative case path>",
        f"    # models: ... --drive model <name>:<mode>",
        "```",
        "",
        "The driver compiles the case's `gbreak_case()` callable with `torch.compile(fn, backend=\"eager\")`",
        "(unless the case compiled it itself), puts modules in eval mode (or `GBREAK_MODE`), applies",
        "`GBREAK_DYNAMO_CONFIG`, and calls it once per argument tuple — exactly like the oracle, whose",
        "record for the same target is in `corpus/_records/torch-" + version + "/`. The case's own stdout",
        "(e.g. what `print` prints) is swallowed; the files are the process's **stderr**, whose last",
        "line is the driver's own `capture_logs driver: done, error=...` (not a torch line). A target",
        "without breaks (`step_counter_attribute`, `model_gpt2_eval`) has a `graph_breaks.log` with",
        "no report in it — that is the point of it.",
        "",
        "| file | environment | content |",
        "|---|---|---|",
        "| `graph_breaks.log` | `TORCH_LOGS=graph_breaks` | `Graph break in user code at ...` reports |",
        "| `dynamo_debug.log` | `TORCH_LOGS=+dynamo` | Dynamo DEBUG log (frames, tracing steps, breaks, bytecode) |",
        "| `dynamo_info.log` | `TORCH_LOGS=dynamo` | Dynamo INFO log — only where the DEBUG log exceeds 2 MB (the models) |",
        "| `recompiles.log` | `TORCH_LOGS=recompiles` | `Recompiling function ...` with guard failures (recompiling targets only) |",
        "| `trace/dedicated_log_torch_trace_*.log` | `TORCH_TRACE=<fixture dir>/trace` | structured trace (tlparse input) |",
        "",
        "Path prefixes carried by these logs (match by suffix, e.g. `corpus/...` or",
        "`transformers/models/...`):",
        "",
        f"- corpus files: `{CORPUS_ROOT}/` (e.g. `{CORPUS_ROOT}/control_flow/if_tensor_sum.py`)",
        f"- library files (site-packages): `{site}/` (e.g. `{site}/transformers/models/longformer/modeling_longformer.py`)",
        f"- torch log-line prefixes name torch files relative to the install, e.g. `torch/_dynamo/symbolic_convert.py:NNNN]`",
        "",
        "| fixture | target | kind |",
        "|---|---|---|",
    ]
    for name, (kind, target, rc) in FIXTURES.items():
        d = out_root / name
        n = list(notes.get(name) or [])
        if not n and d.exists():  # describe an earlier capture from what is on disk
            if (d / "dynamo_info.log").exists():
                n.append("dynamo_debug.log over 2 MB: dynamo_info.log (TORCH_LOGS=dynamo) instead")
            if not (d / "trace").exists():
                n.append("trace/ over 2 MB: not kept")
        extra = "; " + "; ".join(n) if n else ""
        lines.append(f"| `{name}` | `{target}` | {kind}{' (+recompiles.log)' if rc else ''}{extra} |")
    lines += ["", "Timestamps, process ids and trace file names differ between runs; the messages do not.", ""]
    (out_root / "README.md").write_text("\n".join(lines))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help=f"fixtures to (re)capture; default all: {', '.join(FIXTURES)}")
    ap.add_argument("--readme-only", action="store_true", help="only rewrite README.md")
    ap.add_argument("--drive", nargs=2, metavar=("KIND", "TARGET"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.drive:
        return drive(*args.drive)
    import torch
    version = torch.__version__.split("+")[0]
    out_root = REPO_ROOT / "tests" / "fixtures" / "logs" / f"torch-{version}"
    out_root.mkdir(parents=True, exist_ok=True)
    notes = {}
    if args.readme_only:
        write_readme(out_root, version, notes)
        return 0
    for name in args.names or list(FIXTURES):
        if name not in FIXTURES:
            ap.error(f"unknown fixture {name!r}")
        notes[name] = capture(name, out_root)
        files = sorted(str(p.relative_to(out_root)) for p in (out_root / name).rglob("*") if p.is_file())
        print(f"{name}: {', '.join(files)}" + (f"  ({'; '.join(notes[name])})" if notes[name] else ""))
    write_readme(out_root, version, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())

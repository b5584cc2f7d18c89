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
    .venv-oracle/bin/python tests/oracle/capture_logs.py --sweep    # the sweep models (below)
    .venv-oracle/bin/python tests/oracle/capture_logs.py --sweep transformers/ctrl-eval

With --sweep it drives sweep models instead (SWEEP_BREAKING, SWEEP_WHOLE), each built and called
exactly as tests/oracle/sweep.py built it for its record at this torch version, logged once under
TORCH_LOGS=+dynamo,graph_breaks,recompiles and TORCH_TRACE, and writes
tests/fixtures/logs/torch-<version>/sweep/<library>/<model>-<mode>/ (graph_breaks.log,
dynamo_debug.log, trace/, expected.json from the record) and sweep/README.md. Those logs are
trimmed by this script (split_stderr, trim_trace: whole records kept verbatim), never by hand.

Logs are NOT edited: they carry this machine's absolute paths (the prefix is recorded in the README).
The driver runs the code exactly like the oracle (same compile call, mode, config, inputs) but
without the oracle's own log handlers, so the text is what a user would see.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
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
    elif kind == "sweep":
        res = drive_sweep(target)
    else:
        import models
        name, mode = target.split(":")
        model, kwargs, _ = models.build(name)
        res = run_callable(model, [kwargs], mode, null, PathMapper())
    err = res.get("error")
    print(f"capture_logs driver: done, error={err and err.get('type')}", file=sys.stderr)
    return 0


def drive_sweep(target: str) -> dict:
    """Build and run one sweep model (`<library>:<model>:<mode>`) exactly as sweep.worker did for
    its record at this torch version: same shrink level, same candidate inputs in the same order
    (the first whose shapes are the record's `inputs`), same seed, one thread, then
    torch.compile(backend="eager") and one call. The eager probe the sweep ran first happened in a
    forked child, so skipping it leaves the state the compiled call saw unchanged."""
    import torch
    import sweep
    from capture import PathMapper, versions
    from run_oracle import run_callable
    from shrink import LEVELS as DEFAULT_LEVELS
    from inputs import variants

    lib_name, model_name, mode = target.split(":")
    rec = json.loads(sweep.record_path(versions()["torch"], lib_name, model_name,
                                       mode).read_text())
    torch.set_num_threads(1)
    lib = sweep.library(lib_name)
    levels = getattr(lib, "LEVELS", None) or DEFAULT_LEVELS
    names = [lv.name for lv in levels]
    level = names.index(rec["shrink_level"])
    mapper = PathMapper()
    # the sweep builds every smaller level first; each starts from manual_seed(0), so only the
    # chosen level's build (after its meta-device size check) matters
    torch.manual_seed(0)
    sweep._too_big(lib, model_name, level)
    model, _ = lib.build(model_name, level)
    model.train(mode == "train")
    make = getattr(lib, "inputs", None)
    cands = make(model, model_name, torch) if make else variants(model, torch)
    for kwargs in cands:
        if sweep._shapes(kwargs) == rec["inputs"]:
            break
    else:
        raise SystemExit(f"capture_logs: no candidate input of {target} has the record's shapes")
    return run_callable(model, [kwargs], mode, contextlib.nullcontext(), mapper,
                        user_filter=lambda p: mapper.rel(p).startswith(lib.PREFIXES))


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


# --------------------------------------------------------------------------- sweep fixtures
# Sweep models (library, model, mode) whose logs are recorded under
# tests/fixtures/logs/torch-<v>/sweep/<library>/<model>-<mode>/: models that break first (in the
# order they are captured), then models that compile whole. The list is picked to cover the kinds
# of break of the sweep (frame skips through wrappers, duplicates, item(), data-dependent control
# flow, recompiles, diffusers), smallest runs first.
SWEEP_BREAKING = [
    ("transformers", "ctrl", "eval"), ("transformers", "flaubert", "eval"),
    ("transformers", "xlm", "eval"), ("transformers", "rwkv", "eval"),
    ("transformers", "longformer", "eval"), ("transformers", "led", "eval"),
    ("transformers", "big_bird", "eval"), ("transformers", "bigbird_pegasus", "eval"),
    ("transformers", "colpali", "eval"), ("transformers", "fastspeech2_conformer", "eval"),
    ("transformers", "mra", "eval"), ("transformers", "yoso", "eval"),
    ("transformers", "parakeet_rnnt", "eval"), ("transformers", "seamless_m4t", "eval"),
    ("transformers", "superpoint", "eval"), ("transformers", "vjepa2", "eval"),
    ("transformers", "jetmoe", "eval"), ("transformers", "openai_privacy_filter", "eval"),
    ("transformers", "slanet", "eval"), ("transformers", "voxtral_realtime_encoder", "eval"),
    ("transformers", "vilt", "eval"), ("transformers", "glm4v_vision", "eval"),
    ("transformers", "qwen2_5_vl_vision", "eval"), ("transformers", "higgs_audio_v2", "eval"),
    ("transformers", "maskformer", "train"), ("transformers", "hubert", "train"),
    ("transformers", "m2m_100", "train"), ("transformers", "ibert", "train"),
    ("transformers", "vits", "eval"),
    ("diffusers", "Transformer2DModel", "eval"), ("diffusers", "StableAudioDiTModel", "eval"),
    ("diffusers", "Lumina2Transformer2DModel", "eval"), ("diffusers", "ConsistencyDecoderVAE", "eval"),
    ("diffusers", "MochiTransformer3DModel", "eval"), ("diffusers", "AutoencoderRAE", "eval"),
]
SWEEP_WHOLE = [
    ("transformers", "gpt2", "eval"), ("transformers", "bert", "eval"),
    ("transformers", "albert", "eval"), ("transformers", "distilbert", "eval"),
    ("transformers", "llama", "eval"), ("transformers", "t5", "eval"),
    ("transformers", "vit", "eval"), ("transformers", "whisper", "eval"),
    ("diffusers", "UNet2DModel", "eval"), ("diffusers", "DiTTransformer2DModel", "eval"),
]

# The +dynamo log keeps only the records (runs of lines with one prefix) that start with one of
# these messages: frame starts and compiler calls (graph counts, resume frames), graph-compile
# reasons, graph-break reports, frame skips, restarts, recompiles. Everything else (bytecode and
# source tracing, inlining, guards, side effects, fake-tensor wrapping: 95 %+ of the bytes) is
# dropped, whole records at a time, so every kept record is verbatim.
DYNAMO_KEEP = ("Step 1: ", "Step 2: ", "COMPILING GRAPH", "Graph break", "Recompiling function",
               "torch._dynamo hit config", "WON'T CONVERT", "Restarting analysis",
               "Skipping frame", "torchdynamo done tracing", "torch._dynamo.exc.")
# TORCH_TRACE keeps only the records of these types (what gbreak and tlparse's compile directory
# read: frames, graphs, guards, metrics, artifacts), drops the rest (chromium events, tensor and
# symbol descriptions, per-guard and per-symbol shape-env records: most of the bytes), and keeps
# payload lines only for the graph-break and recompile artifacts (not FX graphs, guards,
# bytecode). Record lines are verbatim, except compilation_metrics (METRICS_DROP).
TRACE_KEEP = tuple(f'{{"{t}"' for t in (
    "str", "dynamo_start", "dynamo_output_graph", "dynamo_guards", "dynamo_cpp_guards_str",
    "compilation_metrics", "compilation_metrics_runtime", "bwd_compilation_metrics", "artifact",
    "aot_forward_graph", "aot_backward_graph", "aot_inference_graph", "aot_joint_graph",
    "optimize_ddp_split_graph", "dump_file", "link"))
TRACE_PAYLOADS = ('{"artifact": {"name": "dynamo_graph_break_reason"',
                  '{"artifact": {"name": "recompile_reasons"')
# compilation_metrics records keep every key but these configuration snapshots and internal
# tracebacks (80 % of a trace's bytes); the record is re-serialized as torch does (json.dumps).
METRICS_DROP = ("inductor_config", "dynamo_config", "functorch_config", "compiler_config",
                "exception_stack_trace")
ARTIFACT_TAG = re.compile(r"\] (?:\[[^\]]*\] )?\[__(\w+)\]")
GLOG_PREFIX = re.compile(r"^[VIWEC]\d{4} [\d:.]+ \d+ [^\]]+\] (?:\[[^\]]*\] )?")


def split_stderr(text: str) -> tuple[str, str]:
    """One run with TORCH_LOGS=+dynamo,graph_breaks,recompiles → (graph_breaks.log,
    dynamo_debug.log). The graph_breaks and recompiles artifacts carry their `[__name]` tag on
    every line, and they print nothing else, so their lines are exactly what
    TORCH_LOGS=graph_breaks,recompiles alone prints; the rest is what +dynamo alone prints, trimmed
    to DYNAMO_KEEP. The driver's last line goes to both."""
    gb, dyn = [], []
    keep, prefix = False, None
    for line in text.splitlines(keepends=True):
        m = ARTIFACT_TAG.search(line)
        if m and m.group(1) in ("graph_breaks", "recompiles"):
            gb.append(line)
            continue
        if line.startswith("capture_logs driver:"):
            gb.append(line)
            dyn.append(line)
            continue
        if m:  # another artifact (+dynamo's trace_bytecode, guards, ...): not needed
            continue
        p = GLOG_PREFIX.match(line)
        if p and p.group(0) != prefix:  # a new record
            prefix = p.group(0)
            keep = line[p.end():].startswith(DYNAMO_KEEP)
        elif not p and prefix is not None and not line.startswith((" ", "\t")):
            prefix, keep = None, False  # unprefixed stderr (e.g. a Python warning)
        if keep:
            dyn.append(line)
    return "".join(gb), "".join(dyn)


def trim_trace(src: Path, dst: Path) -> None:
    out, payload = [], False
    with open(src, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("\t"):
                if payload:
                    out.append(line)
                continue
            p = GLOG_PREFIX.match(line)
            body = line[p.end():] if p else line
            payload = body.startswith(TRACE_PAYLOADS)
            if body.startswith('{"compilation_metrics"'):
                rec = json.loads(body)
                for k in METRICS_DROP:
                    rec["compilation_metrics"].pop(k, None)
                line = line[:len(line) - len(body)] + json.dumps(rec) + "\n"
            if body.startswith(TRACE_KEEP):
                out.append(line)
    dst.write_text("".join(out))


def expected_from_record(rec: dict, record_rel: str) -> dict:
    """What the sweep record says a reader of these logs must find: the graph count and the
    break sites (file relative to site-packages, line) with their report counts, split into
    reports that let Dynamo go on and reports that skipped a frame to eager."""
    sites: dict = {}
    for b in rec["breaks"]:
        key = f"{b['file']}:{b['line']}"
        s = sites.setdefault(key, {"file": b["file"], "line": b["line"], "count": 0,
                                   "frames_skipped": 0, "reasons": []})
        s["count"] += b["count"]
        if b["kind"] != "graph_break":
            s["frames_skipped"] += b["count"]
        if b["gb_type"] not in s["reasons"]:
            s["reasons"].append(b["gb_type"])
    return {"record": record_rel, "torch": rec["torch"], "graph_count": rec["graph_count"],
            "break_count": rec.get("break_count", 0),
            "recompiles": sum(r.get("count", 1) for r in rec.get("recompiles", [])),
            "sites": [sites[k] for k in sorted(sites)]}


def capture_sweep(lib: str, model: str, mode: str, out_root: Path, version: str) -> str:
    import sweep
    rec_path = sweep.record_path(version, lib, model, mode)
    rec = json.loads(rec_path.read_text())
    d = out_root / "sweep" / lib / f"{model}-{mode}"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as td:
        p = run_driver("sweep", f"{lib}:{model}:{mode}",
                       {"TORCH_LOGS": "+dynamo,graph_breaks,recompiles",
                        "TORCH_TRACE": str(Path(td) / "trace")}, Path(td))
        gb, dyn = split_stderr(p.stderr)
        (d / "graph_breaks.log").write_text(gb)
        (d / "dynamo_debug.log").write_text(dyn)
        traces = sorted((Path(td) / "trace").glob("*.log"))
        (d / "trace").mkdir()
        for t in traces:
            trim_trace(t, d / "trace" / t.name)
    exp = expected_from_record(rec, str(rec_path.relative_to(REPO_ROOT)))
    (d / "expected.json").write_text(json.dumps(exp, indent=1, sort_keys=True) + "\n")
    last = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
    return last


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
    lines += ["", "Timestamps, process ids and trace file names differ between runs; the messages do not.",
              "", "The logs of real transformers / diffusers sweep models are in `sweep/` (made by",
              "`capture_logs.py --sweep`; see `sweep/README.md`).", ""]
    (out_root / "README.md").write_text("\n".join(lines))


def capture_all_sweep(names: list[str], out_root: Path, version: str, skip: bool) -> int:
    import sweep
    from capture import versions  # noqa: F401 - the record's torch version is this one
    todo = [t for t in SWEEP_BREAKING + SWEEP_WHOLE
            if not names or f"{t[0]}/{t[1]}-{t[2]}" in names]
    for lib, model, mode in todo:
        d = out_root / "sweep" / lib / f"{model}-{mode}"
        if skip and (d / "expected.json").exists():
            continue
        rec = sweep.record_path(version, lib, model, mode)
        if not rec.exists() or json.loads(rec.read_text()).get("status") != "recorded":
            print(f"{lib}/{model}-{mode}: no recorded sweep run at torch {version}; skipped",
                  flush=True)
            if d.exists():
                shutil.rmtree(d)
            continue
        t0 = time.monotonic()
        try:
            last = capture_sweep(lib, model, mode, out_root, version)
        except subprocess.TimeoutExpired:
            last = "timeout"
        size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
        print(f"{lib}/{model}-{mode}: {size} bytes, {time.monotonic() - t0:.0f}s; {last}",
              flush=True)
    write_sweep_readme(out_root, version)
    return 0


def write_sweep_readme(out_root: Path, version: str) -> None:
    rows = []
    for exp_path in sorted((out_root / "sweep").glob("*/*/expected.json")):
        d = exp_path.parent
        exp = json.loads(exp_path.read_text())
        size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file())
        rows.append(f"| `{d.parent.name}/{d.name}` | {exp['graph_count']} | "
                    f"{len(exp['sites'])} | {exp['break_count']} | {size // 1024} KB |")
    text = f"""# Sweep models' logs at torch {version}

Made by `tests/oracle/capture_logs.py --sweep` (with `{os.path.relpath(sys.executable, REPO_ROOT)}`);
re-run it to regenerate. One directory per sweep model x mode (`<library>/<model>-<mode>`), whose
sweep record is `corpus/_records/torch-{version}/sweep/<library>/<model>-<mode>.json`.

**The run.** The driver (`capture_logs.py --drive sweep <library>:<model>:<mode>`) builds the model
exactly as the sweep built it for that record (same library module, shrink level, seed, one
thread, the first candidate input whose shapes are the record's), compiles it with
`torch.compile(backend="eager")` in the record's mode and calls it once, in a fresh interpreter,
under `TORCH_LOGS=+dynamo,graph_breaks,recompiles` and `TORCH_TRACE=<dir>` at once.

**The files** (each trimmed by the script, never by hand; kept lines are verbatim):

| file | what | how it is cut from the run |
|---|---|---|
| `graph_breaks.log` | what `TORCH_LOGS=graph_breaks,recompiles` prints | the stderr lines tagged `[__graph_breaks]` or `[__recompiles]` (those channels print nothing else), unchanged |
| `dynamo_debug.log` | what `TORCH_LOGS=+dynamo` prints, trimmed | the other stderr lines, minus every other artifact (`[__trace_bytecode]`, `[__guards]`, ...), keeping only whole records (runs of lines with one prefix) that start with a message gbreak reads: `{'`, `'.join(DYNAMO_KEEP)}` (about 1 % of the bytes) |
| `trace/*.log` | the `TORCH_TRACE` file, trimmed | only the records of types `{', '.join(t[2:-1] for t in TRACE_KEEP)}`; payload lines only for the graph-break and recompile artifacts; `compilation_metrics` without `{'`, `'.join(METRICS_DROP)}` (re-serialized with `json.dumps`) |
| `expected.json` | what the sweep record says | graph count, and per break site (file relative to site-packages, line) the number of reports and of frames skipped to eager, and the Gb_types |

The last line of both text logs is the driver's own `capture_logs driver: done, error=...`. Paths
in the logs are this machine's (`.../site-packages/...`); compare by the part after
`site-packages/`. `tests/python/test_real_logs.py` checks gbreak against `expected.json`.

| fixture | graphs | sites | reports | size |
|---|---|---|---|---|
""" + "\n".join(rows) + "\n"
    (out_root / "sweep" / "README.md").write_text(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help=f"fixtures to (re)capture; default all: {', '.join(FIXTURES)}")
    ap.add_argument("--readme-only", action="store_true", help="only rewrite README.md")
    ap.add_argument("--drive", nargs=2, metavar=("KIND", "TARGET"), help=argparse.SUPPRESS)
    ap.add_argument("--sweep", action="store_true",
                    help="capture the sweep models' logs (all of SWEEP_BREAKING + SWEEP_WHOLE, or "
                         "the <library>/<model>-<mode> names given)")
    ap.add_argument("--retrim", action="store_true",
                    help="with --sweep: apply the current trace trimming to the fixtures in place "
                         "(trimming twice is trimming once)")
    ap.add_argument("--skip-existing", action="store_true",
                    help="with --sweep: keep sweep fixtures that already have expected.json")
    args = ap.parse_args(argv)
    if args.drive:
        return drive(*args.drive)
    import torch
    version = torch.__version__.split("+")[0]
    out_root = REPO_ROOT / "tests" / "fixtures" / "logs" / f"torch-{version}"
    out_root.mkdir(parents=True, exist_ok=True)
    if args.sweep and args.retrim:
        for t in sorted((out_root / "sweep").glob("*/*/trace/*.log")):
            trim_trace(t, t)
    if args.sweep and (args.readme_only or args.retrim):
        write_sweep_readme(out_root, version)
        return 0
    if args.sweep:
        return capture_all_sweep(args.names, out_root, version, args.skip_existing)
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

#!/usr/bin/env python3
"""The oracle: run every corpus case (and the tiny library models) under real TorchDynamo and record
what it does — graph breaks, graph count, recompilations, errors — as deterministic JSON under
corpus/_records/torch-<version>/.

    .venv-oracle/bin/python tests/oracle/run_oracle.py                # all corpus cases
    .venv-oracle/bin/python tests/oracle/run_oracle.py --case corpus/control_flow/if_tensor_sum.py
    .venv-oracle/bin/python tests/oracle/run_oracle.py -j 2 --check   # re-run, diff, write nothing
    .venv-oracle/bin/python tests/oracle/run_oracle.py --models       # tiny transformers/diffusers models

Each case runs in a fresh subprocess (Dynamo caches are process-global). See tests/oracle/README.md.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import difflib
import io
import json
import os
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from capture import (CORPUS_ROOT, REPO_ROOT, DynamoCapture, PathMapper, dump_json,  # noqa: E402
                     exception_info, versions)

from cases import RECORDS_ROOT  # noqa: E402
DEFAULT_TIMEOUT = 600


from cases import defines_gbreak_case, discover_cases, is_package_case, record_path  # noqa: E402


# ---------------------------------------------------------------------------------- worker
def _import_case(path: Path):
    import importlib
    import importlib.util
    if is_package_case(path):
        sys.path.insert(0, str(path.parent.parent))
        return importlib.import_module(f"{path.parent.name}.case")
    sys.path.insert(0, str(path.parent))  # allow a case to import a sibling helper module
    name = "gbreak_case_" + "_".join(path.relative_to(CORPUS_ROOT).with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def jsonable(v):
    """A deterministic JSON form of a config value (sets sorted, callables by qualified name)."""
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    if isinstance(v, (set, frozenset)):
        return sorted((jsonable(x) for x in v), key=lambda x: json.dumps(x, sort_keys=True))
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if callable(v):
        mod = getattr(v, "__module__", None) or ""
        name = getattr(v, "__qualname__", None) or getattr(v, "__name__", None) or type(v).__name__
        return f"{mod}.{name}" if mod else name
    return repr(v)


def _is_compiled(fn) -> bool:
    import torch
    if isinstance(fn, torch._dynamo.eval_frame.OptimizedModule):
        return True
    return hasattr(fn, "_torchdynamo_orig_callable") or hasattr(fn, "_torchdynamo_inline")


def run_callable(fn, calls, mode: str | None, capture: DynamoCapture, mapper: PathMapper,
                 user_filter=None) -> dict:
    """Compile (unless already compiled) with backend="eager", call once per argument tuple."""
    import torch
    out: dict = {"error": None}
    if isinstance(fn, torch.nn.Module):
        mode = mode or "eval"
        fn.train(mode == "train")
    else:
        mode = None
    out["mode"] = mode
    already = _is_compiled(fn)
    out["compiled_by"] = "case" if already else "oracle"
    compiled = fn if already else torch.compile(fn, backend="eager")
    out["calls"] = len(calls)
    saved = sys.stdout
    sys.stdout = io.StringIO()  # the code under test may print; keep our stdout clean
    i = -1
    try:
        with capture:
            for i, args in enumerate(calls):
                if isinstance(args, dict):
                    compiled(**args)
                else:
                    compiled(*args)
    except BaseException as e:  # noqa: BLE001 - recorded, not raised
        out["error"] = exception_info(e, mapper, user_filter)
        out["error"]["call_index"] = i
    finally:
        sys.stdout = saved
    return out


def worker_case(case: Path) -> dict:
    mapper = PathMapper()
    rel = str(case.relative_to(CORPUS_ROOT))
    rec: dict = {"case": rel, **versions(), "config": {}, "mode": None}
    import torch
    torch.manual_seed(0)
    capture = DynamoCapture(mapper)
    try:
        mod = _import_case(case)
        cfg = dict(getattr(mod, "GBREAK_DYNAMO_CONFIG", {}) or {})
        rec["config"] = {k: jsonable(v) for k, v in cfg.items()}
        for k, v in cfg.items():
            if not hasattr(torch._dynamo.config, k):
                raise KeyError(f"GBREAK_DYNAMO_CONFIG: torch._dynamo.config has no {k!r}")
            setattr(torch._dynamo.config, k, v)
        mode = getattr(mod, "GBREAK_MODE", None)
        torch.manual_seed(0)
        fn, calls = mod.gbreak_case()
        res = run_callable(fn, calls, mode, capture, mapper)
        rec.update(res)
    except BaseException as e:  # noqa: BLE001
        rec["error"] = exception_info(e, mapper)
        rec["error"]["phase"] = "setup"
    rec.update(capture.summary())
    return rec


def worker_main(args) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.worker_model:
        from models import worker_model
        rec = worker_model(args.worker_model, args.mode)
    else:
        rec = worker_case(Path(args.worker).resolve())
    Path(args.out).write_text(dump_json(rec))
    return 0


# ---------------------------------------------------------------------------------- driver
def child_env() -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TORCH_LOGS", "TORCH_TRACE", "TORCHDYNAMO_", "TORCH_COMPILE"))}
    env.update({"PYTHONHASHSEED": "0", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
                "HF_DATASETS_OFFLINE": "1", "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                "TOKENIZERS_PARALLELISM": "false", "DIFFUSERS_VERBOSITY": "error",
                "TRANSFORMERS_VERBOSITY": "error", "PYTHONWARNINGS": "ignore"})
    return env


def run_in_subprocess(worker_args: list[str], timeout: int) -> tuple[dict | None, str]:
    with tempfile.TemporaryDirectory() as td:
        out = Path(td) / "rec.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), *worker_args, "--out", str(out)]
        try:
            p = subprocess.run(cmd, env=child_env(), cwd=td, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timeout after {timeout}s"
        if p.returncode != 0 or not out.exists():
            tail = (p.stderr or "").strip().splitlines()[-5:]
            return None, f"worker exit {p.returncode}: " + " | ".join(tail)
        return json.loads(out.read_text()), ""


def run_forked(jobs, njobs: int, timeout: int, models: bool = False):
    """Fork-server: import torch (and the libraries) once, then fork one child per case. Each child
    starts from a process in which Dynamo never compiled anything, so cases stay isolated, and the
    parent stays single-threaded so forking is safe. Yields (label, record path, record)."""
    import signal
    import time
    import torch  # noqa: F401 - pre-import, shared copy-on-write by the children
    import torch._dynamo  # noqa: F401
    if models:
        import models as _models  # noqa: F401
        for lib in ("transformers", "diffusers"):
            try:
                __import__(lib)
            except ImportError:
                pass
    pending = list(jobs)
    running: dict[int, tuple] = {}
    while pending or running:
        while pending and len(running) < njobs:
            job = pending.pop(0)
            td = tempfile.mkdtemp(prefix="gbreak-oracle-")
            out = Path(td) / "rec.json"
            pid = os.fork()
            if pid == 0:  # child
                code = 1
                try:
                    fd = os.open(str(Path(td) / "log.txt"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                    os.dup2(fd, 1)
                    os.dup2(fd, 2)
                    os.chdir(td)
                    wargs = job[1]
                    ns = argparse.Namespace(worker=None, worker_model=None, mode=None, out=str(out))
                    if wargs[0] == "--worker":
                        ns.worker = wargs[1]
                    else:
                        ns.worker_model, ns.mode = wargs[1], wargs[3]
                    code = worker_main(ns)
                except BaseException:  # noqa: BLE001
                    traceback.print_exc()
                finally:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
            running[pid] = (job, td, out, time.monotonic())
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for p, (job, td, out, t0) in list(running.items()):
                if now - t0 > timeout:
                    os.kill(p, signal.SIGKILL)
            time.sleep(0.02)
            continue
        job, td, out, t0 = running.pop(pid)
        label, _, path = job
        rec = None
        if out.exists():
            rec = json.loads(out.read_text())
        else:
            log = Path(td) / "log.txt"
            tail = log.read_text(errors="replace").strip().splitlines()[-5:] if log.exists() else []
            why = f"killed after {timeout}s" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
            rec = crash_record(label, f"worker {why}: " + " | ".join(tail))
        import shutil
        shutil.rmtree(td, ignore_errors=True)
        yield label, path, rec


def crash_record(rel: str, msg: str) -> dict:
    return {"case": rel, **versions_from_env(), "error": {"type": "WorkerCrash", "message": msg},
            "breaks": [], "recompiles": [], "graph_count": None}


_VERS: dict | None = None


def versions_from_env() -> dict:
    global _VERS
    if _VERS is None:
        _VERS = versions()
    return _VERS


def compare_or_write(path: Path, rec: dict, check: bool) -> str:
    new = dump_json(rec)
    old = path.read_text() if path.exists() else None
    if check:
        if old is None:
            return "missing"
        if old != new:
            diff = difflib.unified_diff(old.splitlines(), new.splitlines(), str(path), "rerun",
                                        lineterm="", n=1)
            print("\n".join(list(diff)[:60]))
            return "differs"
        return "same"
    if old == new:
        return "same"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new)
    return "written" if old is None else "updated"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--case", action="append", default=[], help="run only this case (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="parallel subprocesses")
    ap.add_argument("--check", action="store_true", help="re-run and diff against committed records")
    ap.add_argument("--models", nargs="*", default=None,
                    help="run the tiny library models (all, or the named ones) instead of the corpus")
    ap.add_argument("--modes", default="eval,train", help="model modes to run (with --models)")
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT)
    ap.add_argument("--spawn", action="store_true",
                    help="start a new interpreter per case instead of forking a pre-imported one")
    ap.add_argument("--no-prune", action="store_true", help="keep records of cases that are gone")
    # internal
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--worker-model", help=argparse.SUPPRESS)
    ap.add_argument("--mode", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.worker or args.worker_model:
        return worker_main(args)
    if os.environ.get("GBREAK_ORACLE_CHILD_ENV") != "1":
        # re-exec with a clean, deterministic environment (hash seed, no TORCH_LOGS, offline hub)
        env = child_env()
        env["GBREAK_ORACLE_CHILD_ENV"] = "1"
        os.execve(sys.executable, [sys.executable, str(Path(__file__).resolve()), *sys.argv[1:]], env)

    tv = versions_from_env()["torch"]
    jobs: list[tuple[str, list[str], Path]] = []  # (label, worker args, record path)
    if args.models is not None:
        from models import MODELS
        names = args.models or list(MODELS)
        for n in names:
            if n not in MODELS:
                ap.error(f"unknown model {n!r}; known: {', '.join(MODELS)}")
            for mode in args.modes.split(","):
                jobs.append((f"models/{n}-{mode}", ["--worker-model", n, "--mode", mode],
                             RECORDS_ROOT / f"torch-{tv}" / "models" / f"{n}-{mode}.json"))
    else:
        if args.case:
            cases = []
            for c in args.case:
                p = Path(c)
                if not p.is_absolute():
                    p = (Path.cwd() / p) if (Path.cwd() / p).exists() else CORPUS_ROOT / c
                p = p.resolve()
                if p.is_dir():
                    cases += [q for q in discover_cases() if p in q.parents]
                else:
                    cases.append(p)
        else:
            cases = discover_cases()
        for c in cases:
            rel = str(c.relative_to(CORPUS_ROOT))
            jobs.append((rel, ["--worker", str(c)], record_path(tv, rel)))

    status_count: dict[str, int] = {}
    failures = []

    def one(job):
        label, wargs, path = job
        rec, err = run_in_subprocess(wargs, args.timeout)
        if rec is None:
            rec = crash_record(label, err)
        return label, path, rec

    if args.spawn:
        ex = cf.ThreadPoolExecutor(max_workers=max(1, args.jobs))
        results = ex.map(one, jobs)
    else:
        results = run_forked(jobs, max(1, args.jobs), args.timeout, models=args.models is not None)
    if True:
        for label, path, rec in results:
            st = compare_or_write(path, rec, args.check)
            status_count[st] = status_count.get(st, 0) + 1
            nb = sum(b["count"] for b in rec.get("breaks", []))
            err = rec.get("error")
            err_s = f" error={err.get('type')}" if err else ""
            print(f"{st:8s} {label}: graphs={rec.get('graph_count')} breaks={nb} "
                  f"recompiles={len(rec.get('recompiles', []))}{err_s}", flush=True)
            if st in ("differs", "missing"):
                failures.append(label)

    # stale records: cases that no longer exist (checked now: other people add cases meanwhile)
    if not args.case and args.models is None:
        base = RECORDS_ROOT / f"torch-{tv}"
        for p in sorted(base.rglob("*.json")) if base.exists() else []:
            rel = p.relative_to(base)
            if rel.parts[0] == "models":
                continue
            src = CORPUS_ROOT / rel.with_suffix(".py")
            if src.exists() and defines_gbreak_case(src):
                continue
            if args.check or args.no_prune:
                print(f"stale    {p.relative_to(REPO_ROOT)} (case is gone)")
                failures.append(str(p))
            else:
                p.unlink()
                print(f"pruned   {p.relative_to(REPO_ROOT)}")
    print("summary: " + ", ".join(f"{k}={v}" for k, v in sorted(status_count.items())))
    return 1 if (args.check and failures) else 0


if __name__ == "__main__":
    sys.exit(main())

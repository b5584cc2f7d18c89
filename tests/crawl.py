#!/usr/bin/env python3
"""The crawl (issue 20): lint every .py of large real trees and check that gbreak neither
crashes, nor hangs, nor answers differently with one thread and two.

Meant for a sanitizer build (scripts/build build-asan -DGBREAK_SANITIZE=ON): an AddressSanitizer
or UndefinedBehaviorSanitizer report on stderr fails the tree. Each tree is linted whole with
-j1 and -j2 (--select ALL, --no-cache, JSON lines), under a time bound that grows with its
number of files; a tree over the bound is linted again file by file to name the slow files.
Not run by the test suite (it takes ~10-20 minutes under ASan on 2 cores); its results go in the
closing note.

  tests/crawl.py --binary build-asan/gbreak                 # the default trees
  tests/crawl.py --binary build-asan/gbreak DIR [DIR ...]    # these trees

The default trees: the running Python's standard library (with its test suite, which holds
files with deliberate syntax and encoding errors), transformers and diffusers from
.venv-test/model-libs, and torch, sympy, numpy, networkx, monai and pip from .venv-oracle's
site-packages, when present.
"""

import argparse
import json
import os
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SANITIZER_MARKS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:",
                   "SUMMARY: UndefinedBehaviorSanitizer")
SECONDS_PER_FILE = 0.5  # under ASan, with a floor below
MIN_SECONDS = 60
FILE_SECONDS = 20       # one file alone


def default_trees() -> list[Path]:
    trees = [Path(sysconfig.get_paths()["stdlib"])]
    libs = REPO / ".venv-test" / "model-libs"
    trees += [libs / "transformers", libs / "diffusers"]
    oracle = next((REPO / ".venv-oracle" / "lib").glob("python3*/site-packages"), None)
    if oracle is not None:
        trees += [oracle / name for name in ("torch", "sympy", "numpy", "networkx", "monai", "pip")]
    return [tree for tree in trees if tree.is_dir()]


def lint(binary: str, paths: list[str], threads: int, timeout: float) -> dict:
    # Not --include-site-packages: a tree named on the command line is walked anyway, and the
    # standard library's own site-packages is not the standard library.
    command = [binary, "lint", "--no-cache", "--exit-zero", "--select", "ALL",
               "--output-format", "json-lines", "-j", str(threads), *paths]
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env,
                              errors="replace")
    except subprocess.TimeoutExpired:
        return {"timeout": True, "seconds": time.monotonic() - start}
    return {"timeout": False, "seconds": time.monotonic() - start, "code": done.returncode,
            "stdout": done.stdout, "stderr": done.stderr}


def sanitizer_report(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if any(m in line for m in SANITIZER_MARKS)]
    return "\n".join(lines[:5])


def slow_files(binary: str, files: list[Path]) -> list[str]:
    """The files that alone take longer than FILE_SECONDS (or crash)."""
    slow = []
    for path in files:
        result = lint(binary, [str(path)], 1, FILE_SECONDS)
        if result["timeout"]:
            slow.append(f"{path} (over {FILE_SECONDS} s)")
        elif result["code"] not in (0, 2):
            slow.append(f"{path} (exit {result['code']})")
    return slow


def crawl(binary: str, tree: Path) -> dict:
    files = sorted(path for path in tree.rglob("*.py")
                   if "site-packages" not in path.relative_to(tree).parts)
    bound = max(MIN_SECONDS, SECONDS_PER_FILE * len(files))
    row = {"tree": str(tree), "files": len(files), "problems": []}
    outputs = {}
    for threads in (1, 2):
        result = lint(binary, [str(tree)], threads, bound)
        row[f"seconds_j{threads}"] = round(result["seconds"], 1)
        if result["timeout"]:
            row["problems"].append(f"-j{threads}: over {bound:.0f} s; slow alone: "
                                   f"{slow_files(binary, files) or 'none'}")
            continue
        if report := sanitizer_report(result["stderr"]):
            row["problems"].append(f"-j{threads}: sanitizer: {report}")
        # Exit 2 is an input error the run reports and goes on from (an unreadable file); a
        # crash is a signal (negative) or anything else.
        if result["code"] not in (0, 2):
            row["problems"].append(f"-j{threads}: exit {result['code']}: "
                                   f"{result['stderr'][-500:]}")
        outputs[threads] = result["stdout"]
        row["findings"] = sum(1 for _ in result["stdout"].splitlines())
        row["diagnostics"] = sum(1 for line in result["stderr"].splitlines()
                                 if line.startswith(("gbreak: warning", "gbreak: error")))
    if len(outputs) == 2 and outputs[1] != outputs[2]:
        row["problems"].append("-j1 and -j2 outputs differ")
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("trees", nargs="*", type=Path)
    args = parser.parse_args()
    rows = []
    for tree in args.trees or default_trees():
        row = crawl(args.binary, tree)
        rows.append(row)
        status = "ok" if not row["problems"] else "PROBLEMS: " + "; ".join(row["problems"])
        print(f"{row['tree']}: {row['files']} files, {row.get('findings', '?')} findings, "
              f"{row.get('diagnostics', '?')} diagnostics, -j1 {row['seconds_j1']} s, "
              f"-j2 {row['seconds_j2']} s: {status}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    return 1 if any(row["problems"] for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""End-to-end golden tests: run the built gbreak binary on fixture trees, compare all it prints.

A case is a directory under tests/e2e/cases/<name>/ with
  args          gbreak's arguments, one per line (blank lines and `#` comments ignored)
  tree/         the files to run on (copied to a temporary directory, which is the working
                directory of the run, so paths print relative and stay the same everywhere)
  make_tree.py  optional: called with the temporary directory to add generated files (a 50 MB
                file, a symlink loop, bytes a text fixture cannot hold)
  expected      the golden output: the exit code, stdout and stderr

Every `lint` case runs twice, with --threads 1 and --threads 3, and the two outputs must be
byte-identical (the determinism promise). `--update` rewrites the goldens from the current binary.
"""

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")


def read_args(case_dir):
    with open(os.path.join(case_dir, "args"), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f
                if line.strip() and not line.lstrip().startswith("#")]


def prepare_tree(case_dir, work):
    tree = os.path.join(case_dir, "tree")
    if os.path.isdir(tree):
        shutil.copytree(tree, work, symlinks=True, dirs_exist_ok=True)
    maker = os.path.join(case_dir, "make_tree.py")
    if os.path.isfile(maker):
        subprocess.run([sys.executable, maker, work], check=True)


def run(binary, args, cwd):
    env = dict(os.environ, LC_ALL="C.UTF-8")
    result = subprocess.run([binary] + args, cwd=cwd, capture_output=True, env=env, timeout=600)
    out = result.stdout.decode("utf-8", "backslashreplace")
    err = result.stderr.decode("utf-8", "backslashreplace")
    return f"exit: {result.returncode}\n--- stdout\n{out}--- stderr\n{err}"


def run_case(binary, case_dir, update):
    args = read_args(case_dir)
    with tempfile.TemporaryDirectory(prefix="gbreak-e2e-") as work:
        prepare_tree(case_dir, work)
        if args and args[0] == "lint" and not any(a.startswith("--threads") for a in args):
            output = run(binary, args + ["--threads", "1"], work)
            parallel = run(binary, args + ["--threads", "3"], work)
            if parallel != output:
                diff = "".join(difflib.unified_diff(output.splitlines(True),
                                                    parallel.splitlines(True),
                                                    "--threads 1", "--threads 3"))
                return f"output depends on the thread count:\n{diff}"
        else:
            output = run(binary, args, work)
    expected_path = os.path.join(case_dir, "expected")
    if update:
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(output)
        return None
    if not os.path.isfile(expected_path):
        return "no `expected` file; run with --update to create it"
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    if output != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), output.splitlines(True),
                                            "expected", "actual"))
        return f"output differs from the golden file (rerun with --update if intended):\n{diff}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--case", action="append", help="case name (default: all)")
    parser.add_argument("--update", action="store_true", help="rewrite the expected files")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    names = args.case or sorted(os.listdir(CASES))
    failed = 0
    for name in names:
        problem = run_case(binary, os.path.join(CASES, name), args.update)
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}")
        else:
            print(f"ok   {name}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

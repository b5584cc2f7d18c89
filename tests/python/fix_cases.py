"""Helpers for the tests that prove an unsafe fix under real torch: which corpus cases a fix
edits, and importing a case."""
import importlib.util
import os
import uuid

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(REPO, "corpus")


def fixed_cases(run_gbreak, select, marker):
    """The corpus files (relative to corpus/) that `lint --diff --unsafe-fixes` with the rules
    `select` edits by adding a line containing `marker`."""
    result = run_gbreak("lint", "--diff", "--unsafe-fixes", "--select", select, ".", cwd=CORPUS)
    assert result.returncode in (0, 1), result.stderr
    cases, current = set(), None
    for line in result.stdout.splitlines():
        if line.startswith("+++ b/"):
            current = line[len("+++ b/"):]
        elif line.startswith("+") and marker in line and current:
            cases.add(current)
    return sorted(c for c in cases if "_records" not in c)


def load_case(path):
    """(fn, inputs) of the corpus case at `path`, imported under a private module name."""
    spec = importlib.util.spec_from_file_location(f"gbreak_fix_case_{uuid.uuid4().hex}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.gbreak_case()

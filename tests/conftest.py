"""Shared pytest fixtures for gbreak's Python-driven tests (tests/python/, tests/test_*.py).

The C++ unit and golden tests run under ctest; these tests drive the built binary the way users
and other tools do (SARIF consumers, pre-commit, pip, the corpus accuracy report). They need no
torch; tests that do skip with a message.
"""

import os
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def repo_root():
    return REPO


@pytest.fixture(scope="session")
def gbreak_binary():
    """The gbreak executable: $GBREAK_BINARY, else build/gbreak (what scripts/test builds)."""
    path = os.environ.get("GBREAK_BINARY", os.path.join(REPO, "build", "gbreak"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no gbreak binary at {path}; build it first (scripts/test does) or set "
                    "GBREAK_BINARY")
    return path


@pytest.fixture(scope="session")
def run_gbreak(gbreak_binary):
    """run_gbreak(*args, cwd=None) -> CompletedProcess with text stdout/stderr."""

    def run(*args, cwd=None, check=False):
        return subprocess.run([gbreak_binary, *args], cwd=cwd, capture_output=True, text=True,
                              check=check)

    return run


@pytest.fixture(scope="session")
def torch_python():
    """A Python with torch, for tests that run what gbreak writes (repro scripts, patch files):
    $GBREAK_TORCH_PYTHON, else .venv-oracle/bin/python (scripts/oracle-env); else the test skips
    with a message."""
    candidates = [os.environ.get("GBREAK_TORCH_PYTHON", ""),
                  os.path.join(REPO, ".venv-oracle", "bin", "python")]
    for python in candidates:
        if python and os.access(python, os.X_OK):
            probe = subprocess.run([python, "-c", "import torch"], capture_output=True)
            if probe.returncode == 0:
                return python
    pytest.skip("torch is not installed: set GBREAK_TORCH_PYTHON or run scripts/oracle-env "
                "(creates .venv-oracle with torch 2.13) to run what gbreak writes under torch")

"""`pip install` and pre-commit, with the real tools.

Building the wheel compiles gbreak (scikit-build-core, CMake, GBREAK_STATIC=ON): a few minutes
on two cores. It happens once per session (the `wheel` fixture) and is shared by both tests:
  - test_pip_install_gives_a_self_contained_gbreak: installs the wheel into a fresh virtual
    environment, runs `gbreak`, and checks with ldd that it needs no Abseil or RE2 library.
  - test_pre_commit_hook: runs the real `pre-commit` (from PyPI) on a temporary git repository
    whose .pre-commit-config.yaml uses this repository's .pre-commit-hooks.yaml, unchanged, through
    a local hook repository that depends on `gbreak` and installs it from the wheel built above
    (the published `gbreak-pre-commit` mirror pattern, as ruff-pre-commit does). A commit adding a
    breaking line fails with the finding shown; a clean commit passes.
Set GBREAK_SKIP_PACKAGING=1 to skip them, GBREAK_WHEEL=path to use a wheel built before. test_pre_commit_builds_from_source (GBREAK_SLOW=1) points
pre-commit straight at this repository, so pre-commit builds gbreak from source itself.
"""

import glob
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

pytestmark = pytest.mark.skipif(os.environ.get("GBREAK_SKIP_PACKAGING") == "1",
                                reason="GBREAK_SKIP_PACKAGING=1")

BREAKING = ("import torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
            "        print(x)\n        return x\n")


def run(cmd, **kwargs):
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    return subprocess.run(cmd, **kwargs)


@pytest.fixture(scope="session")
def wheel(repo_root, tmp_path_factory):
    """Builds the wheel once: `pip wheel <repo>` (the same build `pip install .` runs).
    $GBREAK_WHEEL names an already built wheel instead."""
    if os.environ.get("GBREAK_WHEEL"):
        return os.environ["GBREAK_WHEEL"]
    out = tmp_path_factory.mktemp("wheel")
    result = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), repo_root],
                 timeout=3600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    (path,) = glob.glob(str(out / "gbreak-*.whl"))
    return path


def make_venv(path):
    run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin"


def test_wheel_contents(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".data/scripts/gbreak") for n in names), names
    licenses = [n for n in names if "/licenses/" in n]
    # gbreak's own license (LICENSE, MIT) and those of what the binary embeds.
    for needed in ("licenses/LICENSE", "tree-sitter-LICENSE", "libabsl-dev-copyright",
                   "libre2-dev-copyright", "libssl-dev-copyright"):
        assert any(n.endswith(needed) for n in licenses), licenses
    assert "-py3-none-" in os.path.basename(wheel)


def test_pip_install_gives_a_self_contained_gbreak(wheel, tmp_path):
    bin_dir = make_venv(tmp_path / "venv")
    install = run([str(bin_dir / "pip"), "install", "-q", wheel])
    assert install.returncode == 0, install.stderr
    gbreak = bin_dir / "gbreak"
    version = run([str(gbreak), "--version"])
    assert version.returncode == 0 and version.stdout.startswith("gbreak ")
    (tmp_path / "m.py").write_text(BREAKING, encoding="utf-8")
    lint = run([str(gbreak), "lint", "m.py"], cwd=str(tmp_path))
    assert lint.returncode == 1 and "SE001" in lint.stdout, lint.stdout + lint.stderr
    if shutil.which("ldd"):
        libs = run(["ldd", str(gbreak)]).stdout
        assert "absl" not in libs and "re2" not in libs and "libz.so" not in libs, libs
        assert "libcrypto" not in libs, libs
        assert "libstdc++" not in libs, libs


def git(repo, *args, env=None):
    return run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.com",
                *args], env=env)


def pre_commit_repo(tmp_path, hook_repo, rev):
    repo = tmp_path / "work"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: gbreak\n",
        encoding="utf-8")
    (repo / "ok.py").write_text("x = 1\n", encoding="utf-8")
    git(repo, "add", ".")
    return repo


def check_commits(repo, pre_commit, env):
    """A clean commit passes; a commit adding a breaking line fails and shows the finding."""
    install = run([pre_commit, "install"], cwd=str(repo), env=env)
    assert install.returncode == 0, install.stdout + install.stderr
    clean = git(repo, "commit", "-q", "-m", "clean", env=env)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    (repo / "model.py").write_text(BREAKING, encoding="utf-8")
    git(repo, "add", "model.py")
    bad = git(repo, "commit", "-m", "add a print", env=env)
    assert bad.returncode != 0, bad.stdout + bad.stderr
    assert "model.py:6:9: SE001" in bad.stdout + bad.stderr, bad.stdout + bad.stderr


@pytest.fixture(scope="module")
def pre_commit():
    exe = shutil.which("pre-commit") or os.path.join(os.path.dirname(sys.executable),
                                                     "pre-commit")
    if not os.access(exe, os.X_OK):
        pytest.skip("pre-commit is not installed (tests/requirements.txt has it)")
    return exe


def test_pre_commit_hook(wheel, repo_root, pre_commit, tmp_path):
    # The hook repository: this repository's .pre-commit-hooks.yaml, unchanged, and a pyproject
    # that only depends on gbreak, which pip takes from the wheel built above.
    hook_repo = tmp_path / "hook"
    hook_repo.mkdir()
    shutil.copy(os.path.join(repo_root, ".pre-commit-hooks.yaml"), hook_repo)
    (hook_repo / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "gbreak-pre-commit"\nversion = "0"\ndependencies = ["gbreak"]\n\n'
        "[tool.setuptools]\npy-modules = []\n", encoding="utf-8")
    git(hook_repo, "init", "-q")
    git(hook_repo, "add", ".")
    git(hook_repo, "commit", "-q", "-m", "hook")
    rev = git(hook_repo, "rev-parse", "HEAD").stdout.strip()
    repo = pre_commit_repo(tmp_path, hook_repo, rev)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"),
               PIP_FIND_LINKS=os.path.dirname(wheel))
    check_commits(repo, pre_commit, env)


@pytest.mark.skipif(os.environ.get("GBREAK_SLOW") != "1",
                    reason="builds gbreak from source inside pre-commit (set GBREAK_SLOW=1)")
def test_pre_commit_builds_from_source(repo_root, pre_commit, tmp_path):
    # pre-commit clones the committed HEAD of this repository and pip-installs it.
    rev = run(["git", "-C", repo_root, "rev-parse", "HEAD"]).stdout.strip()
    repo = pre_commit_repo(tmp_path, repo_root, rev)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "cache"))
    check_commits(repo, pre_commit, env)

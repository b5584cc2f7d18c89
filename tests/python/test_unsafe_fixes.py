"""`--unsafe-fixes`: the tensor-check edit (CF001/CF002) that turns data-dependent asserts and
raise-only ifs into `torch._assert_async(...)`. Unsafe (a failing check raises RuntimeError), so
`--fix` and `--diff` make it only with the flag; without it the finding keeps it as a suggestion.

The fixture is tests/fixtures/fix/checks.py; checks.fixed.py is what --fix --unsafe-fixes must
make of it (the comments in it say which checks are left alone and why).
"""

import os
import shutil

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(REPO, "tests", "fixtures", "fix")
SELECT = ("--select", "CF001,CF002")


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def expected():
    return read_bytes(os.path.join(FIXTURES, "checks.fixed.py"))


@pytest.fixture
def checks(tmp_path):
    shutil.copy(os.path.join(FIXTURES, "checks.py"), tmp_path / "checks.py")
    return tmp_path, tmp_path / "checks.py"


def test_fix_without_the_flag_leaves_unsafe_fixes_as_suggestions(run_gbreak, checks):
    work, model = checks
    before = read_bytes(model)
    result = run_gbreak("lint", "--fix", *SELECT, "checks.py", cwd=str(work))
    assert read_bytes(model) == before
    assert "3 unsafe fixes not made" in result.stderr
    assert "--unsafe-fixes" in result.stderr
    # The suggestion, in words, names the call (the markdown report shows a finding's own fix).
    report = run_gbreak("lint", *SELECT, "--output-format", "markdown", "checks.py",
                        cwd=str(work))
    assert "torch._assert_async(n > 0, f\"zero norm" in report.stdout


def test_diff_shows_unsafe_fixes_only_with_the_flag(run_gbreak, checks):
    work, model = checks
    plain = run_gbreak("lint", "--diff", *SELECT, "checks.py", cwd=str(work))
    assert (plain.returncode, plain.stdout) == (0, "")
    assert "Would fix 0 findings in 0 files." in plain.stderr
    unsafe = run_gbreak("lint", "--diff", "--unsafe-fixes", *SELECT, "checks.py", cwd=str(work))
    assert unsafe.returncode == 1
    assert "+        torch._assert_async(n > 0," in unsafe.stdout
    assert "Would fix 3 findings in 1 file." in unsafe.stderr
    assert "unsafe fix" not in unsafe.stderr


def test_unsafe_fix_rewrites_and_is_idempotent(run_gbreak, checks):
    work, model = checks
    result = run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, "checks.py", cwd=str(work))
    assert read_bytes(model) == expected()
    assert "Fixed 3 findings in 1 file." in result.stderr
    # What is left: the two checks the edit refuses (tensor in the message, a comment it would
    # drop) and the branch that does more than raise.
    assert [line.split()[1] for line in result.stdout.splitlines()
            if line.startswith("checks.py:")] == ["CF002", "CF001", "CF001"]
    again = run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, "checks.py", cwd=str(work))
    assert read_bytes(model) == expected()
    assert "Fixed 0 findings" in again.stderr or "Fixed" not in again.stderr
    diff = run_gbreak("lint", "--diff", "--unsafe-fixes", *SELECT, "checks.py", cwd=str(work))
    assert (diff.returncode, diff.stdout) == (0, "")


def test_unsafe_fix_keeps_crlf_line_ends(run_gbreak, tmp_path):
    source = read_bytes(os.path.join(FIXTURES, "checks.py")).replace(b"\n", b"\r\n")
    (tmp_path / "checks.py").write_bytes(source)
    run_gbreak("lint", "--fix", "--unsafe-fixes", *SELECT, "checks.py", cwd=str(tmp_path))
    assert read_bytes(tmp_path / "checks.py") == expected().replace(b"\n", b"\r\n")


def test_safe_fixes_are_made_without_the_flag_beside_unsafe_ones(run_gbreak, tmp_path):
    model = tmp_path / "m.py"
    model.write_text("import torch\n\n\nclass M(torch.nn.Module):\n"
                     "    def forward(self, x):\n"
                     "        print(x.shape)\n"
                     "        assert (x > 0).all(), f\"bad {x.dim()}\"\n"
                     "        return x\n")
    result = run_gbreak("lint", "--fix", "m.py", cwd=str(tmp_path))
    text = model.read_text()
    assert "if not torch.compiler.is_compiling():\n            print(x.shape)" in text
    assert "assert (x > 0).all()" in text
    assert "1 unsafe fix not made" in result.stderr

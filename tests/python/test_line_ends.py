"""Lone-CR line ends (old Mac files): Python reads `\\r` alone as a line end, so gbreak must too.
Findings sit at the same lines and columns as in the LF file, and `--fix` writes `\\r` line ends
back, byte for byte what the LF fix gives with its line ends changed.
"""

import os
import shutil

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(REPO, "tests", "fixtures", "fix")


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def test_lone_cr_file_lints_as_its_lf_twin(run_gbreak, tmp_path):
    lf = read_bytes(os.path.join(FIXTURES, "model.py"))
    (tmp_path / "lf.py").write_bytes(lf)
    (tmp_path / "cr.py").write_bytes(lf.replace(b"\n", b"\r"))
    want = run_gbreak("lint", "lf.py", cwd=str(tmp_path))
    got = run_gbreak("lint", "cr.py", cwd=str(tmp_path))
    assert "GX001" not in got.stdout, got.stdout
    assert got.returncode == want.returncode
    assert got.stdout == want.stdout.replace("lf.py", "cr.py")


def test_fix_keeps_lone_cr_line_ends(run_gbreak, tmp_path):
    model = tmp_path / "model.py"
    model.write_bytes(read_bytes(os.path.join(FIXTURES, "model.py")).replace(b"\n", b"\r"))
    result = run_gbreak("lint", "--fix", "model.py", cwd=str(tmp_path))
    assert "Fixed 2 findings in 1 file." in result.stderr, result.stderr
    fixed = read_bytes(os.path.join(FIXTURES, "model.fixed.py"))
    assert read_bytes(model) == fixed.replace(b"\n", b"\r")

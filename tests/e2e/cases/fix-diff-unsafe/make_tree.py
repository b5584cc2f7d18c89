"""The fix fixture (tests/fixtures/fix/checks.py) as pkg/checks.py: the same file the unsafe-fix
tests rewrite, so the diff shown here is the one checks.fixed.py holds."""
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
out = sys.argv[1]
os.makedirs(os.path.join(out, "pkg"), exist_ok=True)
shutil.copy(os.path.join(ROOT, "tests", "fixtures", "fix", "checks.py"),
            os.path.join(out, "pkg", "checks.py"))

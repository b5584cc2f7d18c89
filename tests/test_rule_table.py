"""README.md's rule table is generated from rules/*.toml (scripts/update-rule-table); it must be
current."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_rule_table_is_current():
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "update-rule-table"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + "\nrun scripts/update-rule-table and commit README.md"


def test_every_rule_file_is_in_the_table():
    readme = (ROOT / "README.md").read_text()
    table = readme.split("<!-- rules:begin -->", 1)[1].split("<!-- rules:end -->", 1)[0]
    for toml in sorted((ROOT / "rules").glob("*.toml")):
        assert f"| {toml.stem} |" in table, f"{toml.name} is missing from README.md's rule table"

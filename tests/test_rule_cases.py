"""Every rule of the catalog has corpus cases on both sides: a line it must report (`ruleid`) and
a line that looks alike but must not be reported (`ok`), both checked against real Dynamo by the
record test. gbreak's own diagnostics (GX) are covered by the golden bad-input cases instead.

A rule only for torch versions the corpus is not recorded at (`torch = "<2.12"` in its TOML, the
corpus at 2.13) cannot be reported there: its `ruleid` side is a golden end-to-end case run with
such a `--torch-version` (tests/e2e/cases/*/expected names the code), and its real-Dynamo evidence
is the real-model records of that version (tests/judge.py)."""
import json
import subprocess
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "oracle"))

from annotations import parse_file  # noqa: E402
from cases import CORPUS_ROOT, corpus_records_dir  # noqa: E402

RULES_DIR = HERE.parent / "rules"
GOLDEN_CASES = HERE / "e2e" / "cases"


def release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".")[:2])


def in_range(version: str, spec: str) -> bool:
    """`spec` as a rule's `torch` field writes it: ">=2.4", "<2.12", ">=2.4,<2.12"."""
    for bound in filter(None, (b.strip() for b in spec.split(","))):
        op = bound.rstrip("0123456789.")
        wanted, have = release(bound[len(op):]), release(version)
        ok = {">=": have >= wanted, ">": have > wanted, "<": have < wanted,
              "<=": have <= wanted, "==": have == wanted}[op.strip()]
        if not ok:
            return False
    return True


def rules_outside_corpus_version() -> set[str]:
    records = corpus_records_dir()
    if records is None:
        return set()
    version = records.name.removeprefix("torch-")
    out = set()
    for path in RULES_DIR.glob("*.toml"):
        rule = tomllib.loads(path.read_text(encoding="utf-8"))
        if "torch" in rule and not in_range(version, rule["torch"]):
            out.add(rule["code"])
    return out


def golden_codes() -> set[str]:
    """The rule codes the golden end-to-end cases' expected outputs report."""
    codes = set()
    for expected in GOLDEN_CASES.glob("*/expected"):
        for line in expected.read_text(encoding="utf-8").splitlines():
            for word in line.split():
                if len(word) == 5 and word[:2].isupper() and word[2:].isdigit():
                    codes.add(word)
    return codes


def test_in_range_reads_rule_ranges():
    assert in_range("2.11.0", "<2.12") and not in_range("2.13.0", "<2.12")
    assert in_range("2.13.0", ">=2.13") and not in_range("2.12.1", ">=2.13")
    assert in_range("2.8", ">=2.4,<2.12") and not in_range("2.12", ">=2.4,<2.12")


def test_every_rule_has_positive_and_negative_cases(gbreak_binary):
    rules = json.loads(subprocess.run([gbreak_binary, "rules", "--output-format", "json"],
                                      capture_output=True, text=True, check=True).stdout)
    kinds = defaultdict(set)
    for path in CORPUS_ROOT.rglob("*.py"):
        if "_records" in path.parts:
            continue
        for a in parse_file(path):
            kinds[a.code].add(a.kind.removeprefix("todo"))
    assert len(rules) > 30 and len(kinds) > 30, "the catalog or the corpus annotations did not load"
    for code in rules_outside_corpus_version() & golden_codes():
        kinds[code].add("ruleid")
    missing = [f"{r['code']} ({r['name']}): no {side} case"
               for r in rules if not r["code"].startswith("GX")
               for side in ("ruleid", "ok") if side not in kinds[r["code"]]]
    assert not missing, "\n".join(missing)

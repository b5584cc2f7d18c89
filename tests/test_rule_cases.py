"""Every rule of the catalog has corpus cases on both sides: a line it must report (`ruleid`) and
a line that looks alike but must not be reported (`ok`), both checked against real Dynamo by the
record test. gbreak's own diagnostics (GX) are covered by the golden bad-input cases instead."""
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "oracle"))

from annotations import parse_file  # noqa: E402
from cases import CORPUS_ROOT  # noqa: E402


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
    missing = [f"{r['code']} ({r['name']}): no {side} case"
               for r in rules if not r["code"].startswith("GX")
               for side in ("ruleid", "ok") if side not in kinds[r["code"]]]
    assert not missing, "\n".join(missing)

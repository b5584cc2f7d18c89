"""gbreak on real library models, judged by what real Dynamo did on them.

The oracle (tests/oracle/run_oracle.py --models) ran tiny random-init transformers/diffusers
models under torch.compile(backend="eager") in eval and train mode and recorded every graph break
with its library file and line (corpus/_records/torch-<version>/models/*.json). This test runs

    gbreak lint --site-packages LIBS --entry transformers:GPT2Model --mode eval ...

for every record, over the same library versions installed without dependencies in
.venv-test/model-libs by `scripts/setup --test` (gbreak only reads them: no torch needed), and
compares per statement: a finding on a statement where Dynamo broke is a true positive, one
elsewhere a false positive; a Dynamo break with no finding is a false negative. The records also
hold the library lines Dynamo traced (`traced_lines`), which splits the false positives in two:
on a statement Dynamo traced through without breaking (gbreak is wrong about that code), and on
one Dynamo never traced: these inputs never reached it (a break for other inputs, or code Dynamo
never runs: the report cannot tell which), or Dynamo gave up on the frame there. Precision is
printed both ways.

It fails on a false positive or false negative that tests/model_accuracy_baseline.json does not
list with its reason, when an entry cannot be resolved, and when an entry run reads more than
MAX_FILES files (entry runs must not parse the whole library). Run it alone for the report:

    .venv-test/bin/python tests/test_model_accuracy.py [--update-baseline]
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "oracle"))

from capture import parse_line_runs  # noqa: E402
from test_corpus_accuracy import Statements, records_dir  # noqa: E402

BASELINE = HERE / "model_accuracy_baseline.json"
NOT_BREAKS = ("GX", "RC")  # gbreak's own diagnostics and recompilation hazards
MAX_FILES = 60             # transformers has ~2,000 modules; one model reaches ~20


def libs_dir() -> Path:
    return Path(os.environ.get("GBREAK_MODEL_LIBS", REPO / ".venv-test" / "model-libs"))


def installed_version(libs: Path, name: str) -> str | None:
    for info in libs.glob(f"{name}-*.dist-info"):
        return info.name[len(name) + 1:-len(".dist-info")]
    return None


def model_records() -> list[dict]:
    d = records_dir()
    if d is None or not (d / "models").is_dir():
        return []
    return [json.loads(p.read_text()) | {"_record": p.name}
            for p in sorted((d / "models").glob("*.json"))]


def run_entry(binary: str, libs: Path, record: dict) -> dict:
    cmd = [binary, "lint", "--site-packages", str(libs), "--entry", record["entry"],
           "--mode", record["mode"], "--select", "ALL", "--output-format", "json",
           "--exit-zero", "--stats", "--threads", "1"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    files = re.search(r"files: (\d+) checked", p.stderr)
    return {"returncode": p.returncode, "stderr": p.stderr,
            "json": json.loads(p.stdout) if p.stdout.strip() else None,
            "files": int(files.group(1)) if files else None}


class Lines:
    """Statement spans of library files, read once."""

    def __init__(self, libs: Path):
        self.libs = libs
        self.cache: dict[str, Statements] = {}

    def statement(self, rel: str, line: int) -> tuple[int, int]:
        if rel not in self.cache:
            path = self.libs / rel
            self.cache[rel] = Statements(path.read_text(errors="replace") if path.exists() else "")
        return self.cache[rel].of(line)


def build_report(binary: str) -> dict:
    libs = libs_dir()
    records = model_records()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        runs = list(pool.map(lambda r: run_entry(binary, libs, r), records))
    lines = Lines(libs)
    report = {"models": [], "fp": {}, "fp_where": {}, "fn": {}, "errors": [], "tp": 0}
    for record, run in zip(records, runs):
        name = record["_record"][:-len(".json")]
        if run["json"] is None or run["returncode"] not in (0, 1):
            report["errors"].append(f"{name}: gbreak exited {run['returncode']}: {run['stderr']}")
            continue
        for d in run["json"]["diagnostics"]:
            if d["level"] == "error":
                report["errors"].append(f"{name}: {d['file']}: {d['message']}")
        if run["files"] is not None and run["files"] > MAX_FILES:
            report["errors"].append(f"{name}: read {run['files']} files (> {MAX_FILES})")
        prefix = str(libs) + "/"
        found: dict[tuple[str, tuple[int, int]], str] = {}
        for f in run["json"]["findings"]:
            if f["code"].startswith(NOT_BREAKS) or not f["file"].startswith(prefix):
                continue
            rel = f["file"][len(prefix):]
            found.setdefault((rel, lines.statement(rel, f["start"]["line"])), f["code"])
        broke = {(b["file"], lines.statement(b["file"], b["line"])) for b in record["breaks"]
                 if b.get("kind", "graph_break") == "graph_break"}
        tp = [k for k in found if k in broke]
        fp = [k for k in found if k not in broke]
        fn = [k for k in broke if k not in found]
        traced_lines = record.get("traced_lines")
        # Any record entry on a statement (a frame Dynamo gave up on there, too) means Dynamo did
        # not trace through it cleanly.
        troubled = {(b["file"], lines.statement(b["file"], b["line"])) for b in record["breaks"]}

        def traced(key) -> bool:
            if key in troubled:
                return False
            if traced_lines is None:  # an older record: assume the worst
                return True
            rel, (lo, hi) = key
            ran = parse_line_runs(traced_lines.get(rel, ""))
            return any(line in ran for line in range(lo, hi + 1))

        fp_traced = [k for k in fp if traced(k)]
        report["tp"] += len(tp)
        for key in fp:
            rel, (lo, _) = key
            label = f"{rel}:{lo} {found[key]}"
            report["fp"].setdefault(label, []).append(name)
            if key in fp_traced:  # traced in any run counts
                report["fp_where"][label] = "traced"
            else:
                report["fp_where"].setdefault(label, "not traced")
        for rel, (lo, _) in fn:
            report["fn"].setdefault(f"{rel}:{lo}", []).append(name)
        report["models"].append({"name": name, "entry": record["entry"], "files": run["files"],
                                 "breaks": len(broke), "tp": len(tp), "fp": len(fp),
                                 "fp_traced": len(fp_traced), "fn": len(fn)})
    return report


def format_report(r: dict, baseline: dict) -> list[str]:
    out = [f"model accuracy against Dynamo ({libs_dir()}):",
           f"{'record':32} {'entry':42} {'files':>5} {'breaks':>6} {'TP':>4} {'FP':>4} {'FN':>4}"]
    for m in r["models"]:
        out.append(f"{m['name']:32} {m['entry']:42} {m['files'] or 0:>5} {m['breaks']:>6} "
                   f"{m['tp']:>4} {m['fp']:>4} {m['fn']:>4}")
    tp = sum(m["tp"] for m in r["models"])
    fp = sum(m["fp"] for m in r["models"])
    fp_traced = sum(m["fp_traced"] for m in r["models"])
    fn = sum(m["fn"] for m in r["models"])

    def ratio(a: int, b: int) -> str:
        return f"{a / b:.3f}" if b else "-"

    out.append(f"ALL (statements x runs): TP {tp} FP {fp} ({fp_traced} on statements Dynamo traced "
               f"through, {fp - fp_traced} on statements it never traced) FN {fn}")
    out.append(f"  precision {ratio(tp, tp + fp)} (on code Dynamo ran: "
               f"{ratio(tp, tp + fp_traced)})  recall {ratio(tp, tp + fn)}")
    for kind, label in (("fp", "false positives"), ("fn", "false negatives")):
        out.append(f"{label} (distinct statements): {len(r[kind])}")
        for key, models in sorted(r[kind].items()):
            why = baseline.get(kind, {}).get(key, "NOT IN BASELINE")
            where = f" ({r['fp_where'][key]})" if kind == "fp" else ""
            out.append(f"  {key}{where} [{', '.join(sorted(models))}]: {why}")
    for e in r["errors"]:
        out.append(f"error: {e}")
    return out


def load_baseline() -> dict:
    return json.loads(BASELINE.read_text()) if BASELINE.exists() else {"fp": {}, "fn": {}}


def skip_reason() -> str | None:
    libs = libs_dir()
    records = model_records()
    if not records:
        return "no model records under corpus/_records"
    for lib, version in records[0].get("libraries", {}).items():
        have = installed_version(libs, lib)
        if have is None:
            return f"{lib} sources not installed in {libs} (run scripts/setup --test)"
        if have != version:
            return f"{libs} has {lib} {have}, the records were made with {version}"
    return None


def test_model_accuracy(gbreak_binary):
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    r = build_report(gbreak_binary)
    baseline = load_baseline()
    print("\n" + "\n".join(format_report(r, baseline)))
    assert not r["errors"], "\n".join(r["errors"])
    new_fp = sorted(k for k in r["fp"] if k not in baseline.get("fp", {}))
    new_fn = sorted(k for k in r["fn"] if k not in baseline.get("fn", {}))
    assert not new_fp, f"new false positives on library models: {new_fp}"
    traced_fp = sorted(k for k, where in r["fp_where"].items() if where == "traced")
    assert not traced_fp, f"findings on statements Dynamo traced through without a break: {traced_fp}"
    assert not new_fn, f"new false negatives on library models: {new_fn}"
    assert r["tp"] > 0, "no Dynamo break found at all: the entry runs are not analyzing the models"


def main() -> int:
    binary = os.environ.get("GBREAK_BINARY", str(REPO / "build" / "gbreak"))
    reason = skip_reason()
    if reason:
        print(f"skipped: {reason}")
        return 0
    r = build_report(binary)
    baseline = load_baseline()
    if "--update-baseline" in sys.argv:
        updated = {kind: {key: baseline.get(kind, {}).get(key, "TODO: why")
                          for key in sorted(r[kind])} for kind in ("fp", "fn")}
        BASELINE.write_text(json.dumps(updated, indent=2, sort_keys=True) + "\n")
    print("\n".join(format_report(r, load_baseline())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

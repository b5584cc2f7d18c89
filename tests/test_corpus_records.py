"""Annotations vs. what real Dynamo did (the committed oracle records). Needs no torch.

For every corpus case (a file defining `gbreak_case`, or a package's `case.py`):

* a record must exist under corpus/_records/torch-<version>/ (the newest recorded version, or
  $GBREAK_TORCH_VERSION);
* `# ruleid: CODE` (families other than RC/GX): Dynamo broke the graph on that line — some record
  break has its innermost user frame (`file`, `line`) in the annotated statement. For a simple
  statement that is all its lines (a multi-line call may report a continuation line); for a compound
  one (`if`, `while`, `for`, `with`, ...) only its header. A recorded *error* with a user location
  (e.g. `torch._dynamo.exc.Unsupported` under fullgraph=True) counts as a break at that location.
* `# ok: CODE` (families other than RC/GX): no break there — unless the same statement also carries
  a `ruleid` annotation (then a break there is expected for that other code).
* RC family (recompilation hazards): `ruleid` passes when a recorded recompilation has a guard
  failure attributed to the annotated statement (`guard_failures[].file/line`, the "User stack
  trace" Dynamo prints for the guard), or — weaker, reported as such — when the annotated line lies
  inside a function that recompiled. `ok` fails only if a guard failure is attributed to the line.
* GX family (gbreak's own diagnostics) is not a Dynamo behaviour: not checked here.
* `todoruleid` / `todook` never fail; they are counted (and whether Dynamo agrees) in the summary.

Run `python tests/test_corpus_records.py` for the per-category summary without pytest.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "oracle"))

from annotations import Annotation, parse_file, statement_spans  # noqa: E402
from cases import (CORPUS_ROOT, RECORDS_ROOT, case_files, category, corpus_records_dir,  # noqa: E402
                   discover_cases)

import pytest  # noqa: E402

RECORD_HINT = ("record it with:  scripts/oracle-env && .venv-oracle/bin/python "
               "tests/oracle/run_oracle.py --case corpus/{case}")


CASES = discover_cases()
VERSION_DIR = corpus_records_dir()


def load_record(case_rel: str) -> dict | None:
    if VERSION_DIR is None:
        return None
    p = VERSION_DIR / (case_rel[:-3] + ".json")
    return json.loads(p.read_text()) if p.exists() else None


def check_case(case: Path) -> dict:
    """Returns {'errors': [...], 'notes': [...], 'stats': {...}} for one case."""
    rel = str(case.relative_to(CORPUS_ROOT))
    res = {"case": rel, "errors": [], "notes": [], "stats": defaultdict(int)}
    anns: list[Annotation] = []
    spans: dict[str, dict[int, tuple[int, int]]] = {}
    for f in case_files(case):
        frel = str(f.relative_to(CORPUS_ROOT))
        text = f.read_bytes().decode("utf-8", errors="replace")
        spans[frel] = statement_spans(text)
        anns += parse_file(f, frel)
    rec = load_record(rel)
    if rec is None:
        res["errors"].append(f"{rel}: no oracle record in {VERSION_DIR or RECORDS_ROOT}; "
                             + RECORD_HINT.format(case=rel))
        res["stats"]["missing_record"] += 1
        return res
    err = rec.get("error")
    if err and (err.get("type") == "WorkerCrash" or err.get("phase") == "setup"):
        res["errors"].append(f"{rel}: the case did not run under the oracle "
                             f"({err.get('type')}: {err.get('message')})")

    breaks = defaultdict(list)  # (file, line) -> [gb_type]
    for b in rec.get("breaks", []):
        if b.get("file") and b.get("line"):
            breaks[(b["file"], b["line"])].append(f"{b['gb_type']} [{b.get('registry_id')}] x{b['count']}")
    if err and err.get("file") and err.get("line"):
        breaks[(err["file"], err["line"])].append(f"error {err.get('type')}: {err.get('gb_type') or err.get('message')}")
    guard_lines = defaultdict(list)
    rc_funcs = []
    for r in rec.get("recompiles", []):
        rc_funcs.append((r.get("file"), r.get("first_line"), r.get("last_line"), r.get("function")))
        for g in r.get("guard_failures", []):
            if g.get("file") and g.get("line"):
                guard_lines[(g["file"], g["line"])].append(g.get("guard"))

    ruleid_lines = {(a.file, a.line) for a in anns if a.kind == "ruleid"}

    def span_of(a: Annotation) -> tuple[int, int]:
        return spans.get(a.file, {}).get(a.line, (a.line, a.line))

    def hits(table, a: Annotation):
        lo, hi = span_of(a)
        out = []
        for ln in range(lo, hi + 1):
            out += table.get((a.file, ln), [])
        return out

    def where(a):
        return f"{a.file}:{a.line}"

    for a in sorted(anns):
        fam = a.family
        if fam == "GX":
            res["stats"]["gx_skipped"] += 1
            continue
        if a.line == 0:
            res["errors"].append(f"{a.file}:{a.comment_line}: `# {a.kind}: {a.code}` has no code line after it")
            continue
        todo = a.kind.startswith("todo")
        kind = a.kind[4:] if todo else a.kind
        if fam == "RC":
            g = hits(guard_lines, a)
            infunc = [fn for (f, lo, hi, fn) in rc_funcs if f == a.file and lo and lo <= a.line <= hi]
            if kind == "ruleid":
                ok = bool(g or infunc)
                if ok and not g:
                    res["notes"].append(f"{where(a)}: {a.code} matched only by the recompiled function "
                                        f"({', '.join(sorted(set(infunc)))}), no guard points at the line")
                msg = (f"{where(a)}: `ruleid: {a.code}` but Dynamo recorded no recompilation for this "
                       f"line or its function (recompiles: {len(rc_funcs)})")
            else:
                ok = not g
                msg = f"{where(a)}: `ok: {a.code}` but a recompilation guard points here: {g}"
        else:
            b = hits(breaks, a)
            if kind == "ruleid":
                ok = bool(b)
                near = sorted({f"{f}:{ln}" for (f, ln) in breaks if f == a.file})
                msg = (f"{where(a)}: `ruleid: {a.code}` but Dynamo did not break on this line "
                       f"(breaks in this file at: {', '.join(near) or 'none'}; "
                       f"graph_count={rec.get('graph_count')})")
            else:
                lo, hi = span_of(a)
                also_ruleid = any((a.file, ln) in ruleid_lines for ln in range(lo, hi + 1))
                ok = (not b) or also_ruleid
                msg = f"{where(a)}: `ok: {a.code}` but Dynamo broke the graph here: {'; '.join(b)}"
        if todo:
            res["stats"][f"todo_{kind}"] += 1
            if ok:
                res["stats"][f"todo_{kind}_dynamo_agrees"] += 1
            continue
        res["stats"][kind] += 1
        if ok:
            res["stats"][f"{kind}_pass"] += 1
        else:
            res["errors"].append(msg)
    return res


@pytest.mark.parametrize("case", CASES, ids=[str(c.relative_to(CORPUS_ROOT)) for c in CASES])
def test_annotations_match_dynamo(case):
    res = check_case(case)
    if res["errors"]:
        pytest.fail("annotation / Dynamo disagreement:\n  " + "\n  ".join(res["errors"]), pytrace=False)


def summarize() -> list[str]:
    per = defaultdict(lambda: defaultdict(int))
    for c in CASES:
        res = check_case(c)
        cat = category(res["case"])
        st = per[cat]
        st["cases"] += 1
        st["failing_cases"] += bool(res["errors"])
        for k, v in res["stats"].items():
            st[k] += v
    cols = ["cases", "failing_cases", "ruleid", "ruleid_pass", "ok", "ok_pass", "todo_ruleid",
            "todo_ok", "missing_record"]
    lines = [f"corpus records: {VERSION_DIR.name if VERSION_DIR else '(none)'}",
             "category".ljust(18) + " ".join(c.rjust(14) for c in cols)]
    tot = defaultdict(int)
    for cat in sorted(per):
        lines.append(cat.ljust(18) + " ".join(str(per[cat].get(c, 0)).rjust(14) for c in cols))
        for c in cols:
            tot[c] += per[cat].get(c, 0)
    lines.append("TOTAL".ljust(18) + " ".join(str(tot.get(c, 0)).rjust(14) for c in cols))
    return lines


class _SummaryPlugin:
    def __init__(self, lines):
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.section("corpus annotations vs. Dynamo records")
        for ln in self.lines:
            terminalreporter.write_line(ln)


def test_zz_summary(request):
    """Always passes; prints the per-category summary at the end of the pytest run."""
    lines = summarize()
    pm = request.config.pluginmanager
    if not pm.has_plugin("gbreak-corpus-summary"):
        pm.register(_SummaryPlugin(lines), "gbreak-corpus-summary")


if __name__ == "__main__":
    for c in CASES:
        r = check_case(c)
        for e in r["errors"]:
            print("FAIL", e)
        for n in r["notes"]:
            print("note", n)
    print("\n".join(summarize()))

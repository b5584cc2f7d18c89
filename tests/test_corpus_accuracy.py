"""The accuracy report: gbreak's findings on corpus/ against (a) the annotations and (b) what real
Dynamo recorded (corpus/_records/torch-<version>/). Needs no torch. See docs/accuracy.md.

gbreak runs once per distinct Dynamo configuration of the cases (most share the default), with
`--select ALL --output-format json` and the flags matching the case's GBREAK_DYNAMO_CONFIG (taken
from its record, where it is already JSON).

Matching. A finding belongs to the *statement* its first line lies in: a simple statement with all
its lines, a compound one (`if`, `while`, `for`, `with`, `def`) with its header only (the same
spans the record test uses). An annotation names the statement on its next code line; a record
break names the statement its line lies in.

(a) Against the annotations, per rule code C:
    TP  `ruleid: C` statement with a C finding        FN  `ruleid: C` statement without one
    FP  `ok: C` statement with a C finding            TN  `ok: C` statement without one
    plus FP for a C finding on a statement with no annotation for C, *unless* the record shows a
    Dynamo break there (then it is listed as "unannotated, Dynamo agrees", not an FP).
    `todoruleid`/`todook` are counted separately and never fail.
(b) Against Dynamo (break families; RC uses recompilation guards), per statement:
    TP  finding C, and Dynamo broke there             FP  finding C, no break there
    FN  Dynamo broke on a statement annotated (todo)ruleid C, no C finding
    TN  statement annotated (todo)ok C, no break, no C finding
    Overall, FN also counts breaks on statements no finding and no annotation covers
    ("unattributed"), and TN counts annotated statements with no break and no finding at all.

The test fails when an annotated case regresses: a `ruleid` not reported or an `ok` reported,
unless the annotation is listed in tests/corpus_accuracy_baseline.json (known gaps, each with a
reason; entries that now pass are reported so the list can shrink).

Run `python tests/test_corpus_accuracy.py` for the report without pytest.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "oracle"))

from annotations import Annotation, parse_file, statement_spans  # noqa: E402
from cases import (CORPUS_ROOT, RECORDS_ROOT, case_files, corpus_records_dir,  # noqa: E402
                   discover_cases)

REPO = CORPUS_ROOT.parent
BASELINE = Path(__file__).resolve().parent / "corpus_accuracy_baseline.json"
NOT_BREAKS = ("GX",)  # gbreak's own diagnostics: not a Dynamo behaviour
RECOMPILE_FAMILY = "RC"


def records_dir() -> Path | None:
    return corpus_records_dir()


# --------------------------------------------------------------------------------------------
# Statements


class Statements:
    """Maps a line of one file to the span (lo, hi) of the innermost statement reporting it."""

    def __init__(self, text: str):
        self.spans = statement_spans(text)
        self.by_line: dict[int, tuple[int, int]] = {}
        for lo, hi in sorted(self.spans.values(), key=lambda s: s[1] - s[0], reverse=True):
            for ln in range(lo, hi + 1):
                self.by_line[ln] = (lo, hi)  # narrower spans overwrite wider ones

    def of(self, line: int) -> tuple[int, int]:
        return self.by_line.get(line, (line, line))

    def annotated(self, line: int) -> tuple[int, int]:
        """The statement an annotation on the line before `line` names (it starts there)."""
        return self.spans.get(line, self.of(line))


# --------------------------------------------------------------------------------------------
# Cases, configurations and the gbreak runs


def case_config(case_rel: str, path: Path, rec: dict | None) -> dict:
    if rec is not None and isinstance(rec.get("config"), dict):
        return rec["config"]
    try:
        tree = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "GBREAK_DYNAMO_CONFIG"
                and isinstance(node.value, ast.Dict)):
            out = {}
            for k, v in zip(node.value.keys, node.value.values):
                if not isinstance(k, ast.Constant):
                    continue
                if isinstance(v, ast.Constant):
                    out[k.value] = v.value
                elif isinstance(v, (ast.Set, ast.List, ast.Tuple)):
                    out[k.value] = [ast.unparse(e) for e in v.elts]
            return out
    return {}


def config_flags(config: dict) -> list[str]:
    flags = []
    for key in sorted(config):
        value = config[key]
        if isinstance(value, bool):
            flags += ["--dynamo-config", f"{key}={'true' if value else 'false'}"]
        elif isinstance(value, (list, tuple)):
            flags += ["--dynamo-config", f"{key}={','.join(sorted(set(map(str, value))))}"]
        else:
            flags += ["--dynamo-config", f"{key}={value}"]
    return flags


def mode_flags(rec: dict | None) -> list[str]:
    """Dynamo ran a module case in one mode (`self.training` fixed): gbreak analyzes that mode."""
    mode = rec.get("mode") if rec else None
    return ["--mode", mode] if mode in ("eval", "train") else []


def run_gbreak(binary: str, files: list[str], flags: list[str]) -> list[dict]:
    cmd = [binary, "lint", "--select", "ALL", "--output-format", "json", "--exit-zero", *flags,
           *files]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:8])} ... exited {proc.returncode}:\n{proc.stderr}")
    return json.loads(proc.stdout)["findings"]


# --------------------------------------------------------------------------------------------
# The report


class Matrix:
    def __init__(self):
        self.c = defaultdict(int)

    def add(self, key: str, n: int = 1):
        self.c[key] += n

    def row(self) -> tuple[int, int, int, int, str, str]:
        tp, fp, fn, tn = (self.c[k] for k in ("TP", "FP", "FN", "TN"))
        prec = f"{tp / (tp + fp):.3f}" if tp + fp else "-"
        rec = f"{tp / (tp + fn):.3f}" if tp + fn else "-"
        return tp, fp, fn, tn, prec, rec


def _children_cpu() -> float:
    """User + system CPU seconds of the finished child processes (the gbreak runs)."""
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build_report(binary: str) -> dict:
    t0 = time.monotonic()
    cpu0 = _children_cpu()
    rdir = records_dir()
    cases = discover_cases()
    per_case = []
    groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for case in cases:
        rel = str(case.relative_to(CORPUS_ROOT))
        rec = None
        if rdir is not None:
            rp = rdir / (rel[:-3] + ".json")
            if rp.exists():
                rec = json.loads(rp.read_text())
        files = case_files(case)
        flags = tuple(config_flags(case_config(rel, case, rec)) + mode_flags(rec))
        groups[flags] += [str(f.relative_to(REPO)) for f in files]
        per_case.append((rel, files, rec))

    findings_by_file: dict[str, list[dict]] = defaultdict(list)
    runs = 0
    for flags, files in sorted(groups.items()):
        for f in run_gbreak(binary, sorted(set(files)), list(flags)):
            findings_by_file[f["file"]].append(f)
        runs += 1
    gbreak_time = _children_cpu() - cpu0  # CPU, not wall: CI machines are shared and loaded

    ann_m: dict[str, Matrix] = defaultdict(Matrix)
    dyn_m: dict[str, Matrix] = defaultdict(Matrix)
    ann_all, dyn_all = Matrix(), Matrix()
    todo = defaultdict(int)
    failures: list[tuple[str, str]] = []  # (key, message)
    unannotated_fp: list[str] = []
    unannotated_agree: list[str] = []
    unattributed_fn: list[str] = []

    for rel, files, rec in per_case:
        stmts: dict[str, Statements] = {}
        anns: list[Annotation] = []
        for f in files:
            frel = str(f.relative_to(CORPUS_ROOT))
            text = f.read_bytes().decode("utf-8", errors="replace")
            stmts[frel] = Statements(text)
            anns += [a for a in parse_file(f, frel) if a.line > 0]

        # Dynamo's positives: statements with a break (or an error with a user location), and
        # statements a recompilation guard points at.
        breaks: dict[tuple[str, tuple[int, int]], list[str]] = defaultdict(list)
        guards: set[tuple[str, tuple[int, int]]] = set()
        rc_funcs: list[tuple[str, int, int]] = []
        if rec is not None:
            items = list(rec.get("breaks", []))
            err = rec.get("error")
            if err and err.get("file") and err.get("line"):
                items.append({"file": err["file"], "line": err["line"],
                              "gb_type": f"error {err.get('type')}", "registry_id": None})
            for b in items:
                if b.get("file") in stmts and b.get("line"):
                    key = (b["file"], stmts[b["file"]].of(b["line"]))
                    breaks[key].append(f"{b.get('gb_type')} [{b.get('registry_id')}]")
            for r in rec.get("recompiles", []):
                if r.get("file") and r.get("first_line"):
                    rc_funcs.append((r["file"], r["first_line"], r.get("last_line") or r["first_line"]))
                for g in r.get("guard_failures", []):
                    if g.get("file") in stmts and g.get("line"):
                        guards.add((g["file"], stmts[g["file"]].of(g["line"])))

        def dynamo_positive(code: str, key) -> bool:
            if code.startswith(RECOMPILE_FAMILY):
                file, (lo, hi) = key
                return key in guards or any(f == file and a <= lo <= b for f, a, b in rc_funcs)
            return key in breaks

        # Findings by statement and code.
        found: dict[tuple[str, tuple[int, int]], set[str]] = defaultdict(set)
        for f in files:
            frel = str(f.relative_to(CORPUS_ROOT))
            for fd in findings_by_file.get(str(f.relative_to(REPO)), []):
                found[(frel, stmts[frel].of(fd["start"]["line"]))].add(fd["code"])

        annotated: dict[tuple[str, tuple[int, int]], dict[str, str]] = defaultdict(dict)
        for a in anns:
            annotated[(a.file, stmts[a.file].annotated(a.line))][a.code] = a.kind

        # (a) annotations, and (b) Dynamo on annotated statements.
        for key, codes in annotated.items():
            file, (lo, hi) = key
            for code, kind in codes.items():
                reported = code in found.get(key, set())
                where = f"{file}:{lo}"
                dyn = dynamo_positive(code, key)
                base = kind[4:] if kind.startswith("todo") else kind
                if kind.startswith("todo"):
                    todo[f"{kind} {'reported' if reported else 'not reported'}"] += 1
                else:
                    if base == "ruleid":
                        ann_m[code].add("TP" if reported else "FN")
                        ann_all.add("TP" if reported else "FN")
                        if not reported:
                            failures.append((f"{where} ruleid {code}",
                                             f"{where}: `ruleid: {code}` not reported"))
                    else:
                        ann_m[code].add("FP" if reported else "TN")
                        ann_all.add("FP" if reported else "TN")
                        if reported:
                            failures.append((f"{where} ok {code}",
                                             f"{where}: `ok: {code}` but gbreak reports {code}"))
                if code.startswith(NOT_BREAKS):
                    continue
                if reported:
                    dyn_m[code].add("TP" if dyn else "FP")
                elif base == "ruleid" and dyn:
                    dyn_m[code].add("FN")
                elif base == "ok" and not dyn:
                    dyn_m[code].add("TN")

        # Findings on statements without an annotation for their code.
        for key, codes in found.items():
            file, (lo, hi) = key
            for code in sorted(codes):
                if code in annotated.get(key, {}) or code.startswith(NOT_BREAKS):
                    continue
                dyn = dynamo_positive(code, key)
                dyn_m[code].add("TP" if dyn else "FP")
                if dyn:
                    unannotated_agree.append(f"{file}:{lo}: {code} (Dynamo: "
                                             f"{'; '.join(breaks.get(key, ['recompile']))})")
                else:
                    ann_m[code].add("FP")
                    ann_all.add("FP")
                    unannotated_fp.append(f"{file}:{lo}: {code} reported, no annotation, and Dynamo "
                                          "did not break there")

        # Overall against Dynamo, per statement (break families only).
        stmt_keys = set(breaks) | {k for k, cs in found.items() if any(
            not c.startswith(NOT_BREAKS + (RECOMPILE_FAMILY,)) for c in cs)}
        stmt_keys |= {k for k, cs in annotated.items() if any(
            not c.startswith(NOT_BREAKS + (RECOMPILE_FAMILY,)) for c in cs)}
        for key in stmt_keys:
            predicted = any(not c.startswith(NOT_BREAKS + (RECOMPILE_FAMILY,))
                            for c in found.get(key, ()))
            actual = key in breaks
            dyn_all.add({(True, True): "TP", (True, False): "FP", (False, True): "FN",
                         (False, False): "TN"}[(predicted, actual)])
            if actual and not predicted and not any(
                    k in ("ruleid", "todoruleid") for k in annotated.get(key, {}).values()):
                file, (lo, hi) = key
                unattributed_fn.append(f"{file}:{lo}: Dynamo: {'; '.join(breaks[key])}")

    baseline = {}
    if BASELINE.exists():
        baseline = {e["annotation"]: e.get("why", "") for e in json.loads(BASELINE.read_text())}
    new_failures = [msg for key, msg in failures if key not in baseline]
    known = [f"{msg}  [{baseline[key]}]" for key, msg in failures if key in baseline]
    failing_keys = {key for key, _ in failures}
    fixed = sorted(k for k in baseline if k not in failing_keys)
    return {
        "records": rdir.name if rdir else "(none)", "cases": len(per_case), "runs": runs,
        "seconds": time.monotonic() - t0, "gbreak_seconds": gbreak_time,
        "ann": ann_m, "dyn": dyn_m, "ann_all": ann_all, "dyn_all": dyn_all, "todo": dict(todo),
        "new_failures": new_failures, "known_failures": known, "fixed": fixed,
        "unannotated_fp": unannotated_fp, "unannotated_agree": unannotated_agree,
        "unattributed_fn": unattributed_fn,
    }


def format_report(r: dict) -> list[str]:
    lines = [f"corpus accuracy: {r['cases']} cases, records {r['records']}, {r['runs']} gbreak "
             f"run(s), {r['seconds']:.2f} s"]
    head = f"{'rule':<8}" + "".join(f"{h:>6}" for h in ("TP", "FP", "FN", "TN")) + \
        f"{'prec':>7}{'recall':>7}"
    lines.append(f"{'':8}{'against annotations':^38}   {'against Dynamo':^38}")
    lines.append(head + "   " + head[8:])
    codes = sorted(set(r["ann"]) | set(r["dyn"]))

    def fmt(m: Matrix) -> str:
        tp, fp, fn, tn, p, rc = m.row()
        return f"{tp:>6}{fp:>6}{fn:>6}{tn:>6}{p:>7}{rc:>7}"

    for code in codes:
        lines.append(f"{code:<8}{fmt(r['ann'].get(code, Matrix()))}   {fmt(r['dyn'].get(code, Matrix()))}")
    lines.append(f"{'ALL':<8}{fmt(r['ann_all'])}   {fmt(r['dyn_all'])}")
    if r["todo"]:
        lines.append("todo annotations: " + ", ".join(f"{k}: {v}" for k, v in sorted(r["todo"].items())))
    for title, key in (("regressions (not in the baseline)", "new_failures"),
                       ("false positives on unannotated lines (Dynamo did not break there)",
                        "unannotated_fp"),
                       ("Dynamo breaks no finding and no annotation covers", "unattributed_fn"),
                       ("known gaps (tests/corpus_accuracy_baseline.json)", "known_failures"),
                       ("baseline entries that now pass (remove them)", "fixed"),
                       ("findings on unannotated lines where Dynamo agrees", "unannotated_agree")):
        if r[key]:
            lines.append(f"{title}: {len(r[key])}")
            lines += [f"  {x}" for x in r[key]]
    return lines


# --------------------------------------------------------------------------------------------
# pytest


def _binary() -> str:
    return os.environ.get("GBREAK_BINARY", str(REPO / "build" / "gbreak"))


_REPORT: dict | None = None


def _report(binary: str) -> dict:
    global _REPORT
    if _REPORT is None:
        _REPORT = build_report(binary)
    return _REPORT


class _Summary:
    def __init__(self, lines):
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.section("gbreak accuracy on the corpus")
        for ln in self.lines:
            terminalreporter.write_line(ln)


def test_corpus_accuracy(gbreak_binary, request):
    import pytest

    r = _report(gbreak_binary)
    pm = request.config.pluginmanager
    if not pm.has_plugin("gbreak-accuracy-summary"):
        pm.register(_Summary(format_report(r)), "gbreak-accuracy-summary")
    assert r["gbreak_seconds"] < 5, f"gbreak took {r['gbreak_seconds']:.1f} s of CPU on the corpus"
    if r["new_failures"]:
        pytest.fail(f"{len(r['new_failures'])} annotated case(s) regressed (see docs/accuracy.md; "
                    "known gaps go in tests/corpus_accuracy_baseline.json with a reason):\n  "
                    + "\n  ".join(r["new_failures"]), pytrace=False)


def _in_forward(file_rel: str, line: int) -> bool:
    """Whether a corpus line lies in a `forward` method (today's stand-in for a compiled region)."""
    tree = ast.parse((CORPUS_ROOT / file_rel).read_bytes())
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for fn in node.body:
                if (isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name == "forward"
                        and fn.lineno <= line <= (fn.end_lineno or fn.lineno)):
                    return True
    return False


def update_baseline(r: dict) -> None:
    """Rewrites the baseline: the current failures, keeping the reasons already written; new
    entries get a default reason to be edited by hand."""
    old = {}
    if BASELINE.exists():
        old = {e["annotation"]: e.get("why", "") for e in json.loads(BASELINE.read_text())}
    entries = []
    for msg in r["new_failures"] + [k.split("  [", 1)[0] for k in r["known_failures"]]:
        where, rest = msg.split(": ", 1)
        file, line = where.rsplit(":", 1)
        kind = "ruleid" if rest.startswith("`ruleid") else "ok"
        code = rest.split(": ", 1)[1][:5]
        key = f"{where} {kind} {code}"
        why = old.get(key)
        if not why:
            why = ("outside any forward method: needs region analysis (torch.compile targets, "
                   "helpers, call graph)" if not _in_forward(file, int(line)) else "TODO: explain")
        entries.append({"annotation": key, "why": why})
    entries.sort(key=lambda e: e["annotation"])
    BASELINE.write_text(json.dumps(entries, indent=1) + "\n")
    print(f"wrote {len(entries)} entries to {BASELINE}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    report = build_report(args[0] if args else _binary())
    if "--update-baseline" in sys.argv:
        update_baseline(report)
    else:
        print("\n".join(format_report(report)))

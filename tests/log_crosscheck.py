#!/usr/bin/env python3
"""The log cross-check measured on real runs: `gbreak lint --entry ... --log LOG` for every model
whose run was logged (tests/fixtures/logs/torch-<v>/sweep/, see tests/python/test_real_logs.py),
scored against the sweep record of that run.

For each fixture and each of its logs (TORCH_LOGS=graph_breaks,recompiles text, +dynamo text,
TORCH_TRACE) gbreak analyzes the record's entry as the real-model judge does (tests/judge.py: the
record's mode, inputs and configuration, the library sources in .venv-test/model-libs, no torch)
and reads the log beside it. The record says where Dynamo broke (innermost library frame, line)
and how many reports each site got. Then, per fixture and log:

- a finding whose lines hold a recorded site must be *confirmed*, with the sum of those sites'
  report counts as its break count (the confirm rate is the share that is);
- a finding whose lines hold no recorded site must not be confirmed (a false confirmation);
- every recorded site no finding holds must be listed as a runtime-only break, with its count
  (the runtime-only rate is their share of the sites: the static analysis's misses), and nothing
  else may be listed as one;
- the logs ran the library versions installed here, so no logged source line may differ from the
  local one (gbreak's source check, docs/logs.md).

    GBREAK_BINARY=build/gbreak .venv-test/bin/python tests/log_crosscheck.py [-j 2] [--json OUT]

prints the table per torch version and log format and the runtime-only breaks by reason.
`tests/test_log_crosscheck.py` runs the same checks per fixture.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "oracle"))
sys.path.insert(0, str(HERE / "python"))

import judge  # noqa: E402
from test_real_logs import FIXTURES, LOGS, SAME_BREAK, fixture_dirs, fixture_id  # noqa: E402


def library_path(path: str, libs: Path) -> str:
    """A path as the sweep records it: relative to site-packages (or to the judge's library
    directory, which stands in for it)."""
    prefix = str(libs) + "/"
    if path.startswith(prefix):
        return path[len(prefix):]
    for marker in ("site-packages/", "dist-packages/"):
        if path.startswith(marker):
            return path[len(marker):]
        if "/" + marker in path:
            return path.rsplit("/" + marker, 1)[1]
    return path


@dataclass
class Checked:
    """One fixture's log, cross-checked."""
    fixture: str
    log: str
    torch: str
    sites: int = 0                  # recorded sites
    # recorded sites where Dynamo broke the graph (tests/judge.py's is_site); the others are
    # frames skipped for a break further in, which no rule predicts on their own line
    break_sites: int = 0
    site_findings: int = 0          # findings whose lines hold a recorded site
    confirmed: int = 0              # ... of those, confirmed by the log
    runtime_only: int = 0           # recorded sites listed as runtime-only
    runtime_only_breaks: int = 0    # ... of those, break sites
    # (registry id, reason, site, is a break site, gbreak read the file)
    runtime_only_reasons: list = field(default_factory=list)
    problems: list = field(default_factory=list)


def record_of(d: Path) -> dict | str:
    """The sweep record the fixture's run was made for, or why there is none."""
    exp = json.loads((d / "expected.json").read_text())
    rec_path = REPO / exp["record"]
    if not rec_path.exists():
        return f"record {exp['record']} is missing"
    return json.loads(rec_path.read_text())


def entry_run(binary: str, libs: Path, rec: dict) -> list[str] | str:
    """The gbreak command the judge runs for the record, or why there is none."""
    for lib, version in sorted(rec.get("libraries", {}).items()):
        have = judge.installed_version(libs, lib)
        if have != version:
            return f"{lib} {version} not in {libs} ({have or 'nothing'}; run scripts/setup --test)"
    return judge.entry_command(binary, libs, *judge.run_key(rec, True))


def run_gbreak(cmd: list[str]) -> dict | str:
    """gbreak's JSON output, or why there is none."""
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        return f"gbreak exited {p.returncode}: {p.stderr.strip()[-300:]}"


def check(binary: str, libs: Path, d: Path, log: str) -> Checked:
    torch = d.relative_to(FIXTURES).parts[0]
    out = Checked(fixture_id(d), log, torch.removeprefix("torch-"))
    rec = record_of(d)
    cmd = entry_run(binary, libs, rec) if isinstance(rec, dict) else rec
    if isinstance(cmd, str):
        out.problems.append(cmd)
        return out
    data = run_gbreak(cmd + ["--log", str(d / LOGS[log][0])])
    if isinstance(data, str):
        out.problems.append(data)
        return out
    # the run used the library versions installed here: every logged source line is the local one
    for m in data["runtime"].get("source_mismatches", []):
        out.problems.append(f"the log's line differs from the local source at {m['file']}:"
                            f"{m['line']}: `{m['logged']}` vs `{m['local']}`")
    exp = json.loads((d / "expected.json").read_text())
    want = collections.Counter({(s["file"], s["line"]): s["count"] for s in exp["sites"]})
    # where the sweep pins a break on the swept library and gbreak on the library it calls
    # (test_real_logs.SAME_BREAK), the log's sites stand for the record's one
    renamed = {tuple(k.rsplit(":", 1)): tuple(v.rsplit(":", 1))
               for k, v in SAME_BREAK.get(fixture_id(d), {}).items()}
    renamed = {(f, int(ln)): (g, int(m)) for (f, ln), (g, m) in renamed.items()}
    if renamed:
        for b in data["runtime"]["runtime_only_breaks"]:
            site = (library_path(b["file"], libs), b["line"])
            if site in renamed:
                want[renamed[site]] -= b["count"]
                want[site] += b["count"]
        want = +want
    out.sites = len(want)
    breaking = {(b["file"], b["line"]) for b in rec["breaks"] if judge.is_site(b)}
    out.break_sites = len(set(want) & breaking)
    covered: set = set()
    for f in data["findings"]:
        if f["code"].startswith(judge.NOT_BREAKS):
            continue
        path = library_path(f["file"], libs)
        lo, hi = f["start"]["line"], f["end"]["line"]
        held = {s for s in want if s[0] == path and lo <= s[1] <= hi}
        rt = f.get("runtime", {})
        where = f"{f['code']} {path}:{lo}"
        if held:
            covered |= held
            out.site_findings += 1
            if rt.get("status") == "confirmed":
                out.confirmed += 1
                count = sum(want[s] for s in held)
                if rt.get("break_count") != count:
                    out.problems.append(f"{where}: confirmed with {rt.get('break_count')} breaks, "
                                        f"the record says {count}")
            else:
                out.problems.append(f"{where}: on a recorded site, not confirmed")
        elif rt.get("status") == "confirmed":
            out.problems.append(f"{where}: confirmed ({rt.get('break_count')} breaks) where the "
                                "record has no break")
    listed = collections.Counter()
    for b in data["runtime"]["runtime_only_breaks"]:
        site = (library_path(b["file"], libs), b["line"])
        listed[site] += b["count"]
        if site in want and site not in covered:
            out.runtime_only_reasons.append((b.get("registry_id") or "", b["reason"],
                                             f"{site[0]}:{site[1]}", site in breaking,
                                             b.get("analyzed", False)))
    for site in sorted(set(want) | set(listed)):
        expected = 0 if site in covered else want[site]
        if listed[site] != expected:
            out.problems.append(f"{site[0]}:{site[1]}: listed as runtime-only with "
                                f"{listed[site]} breaks, expected {expected}")
    runtime_only = {s for s in want if s not in covered and listed[s] == want[s]}
    out.runtime_only = len(runtime_only)
    out.runtime_only_breaks = len(runtime_only & breaking)
    return out


def measure(binary: str, jobs: int) -> list[Checked]:
    libs = judge.libs_dir()
    work = [(d, log) for d in fixture_dirs() for log in LOGS]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda w: check(binary, libs, *w), work))


def rate(a: int, b: int) -> str:
    return f"{a / b:.3f} ({a}/{b})" if b else "-"


def report(results: list[Checked]) -> list[str]:
    lines = ["| torch | log | fixtures right | confirm rate | runtime-only rate | "
             "runtime-only rate, break sites |", "|---|---|---|---|---|---|"]
    groups = collections.defaultdict(list)
    for r in results:
        groups[(r.torch, r.log)].append(r)
    for (torch, log), rs in sorted(groups.items()):
        lines.append(
            f"| {torch} | {log} | {sum(not r.problems for r in rs)} of {len(rs)} | "
            f"{rate(sum(r.confirmed for r in rs), sum(r.site_findings for r in rs))} | "
            f"{rate(sum(r.runtime_only for r in rs), sum(r.sites for r in rs))} | "
            f"{rate(sum(r.runtime_only_breaks for r in rs), sum(r.break_sites for r in rs))} |")
    reasons = collections.Counter()
    for r in results:
        if r.log == "trace":
            for rid, reason, _, is_break, analyzed in r.runtime_only_reasons:
                kind = ("break" if is_break else "frame skipped") + (
                    "" if analyzed else ", file not reached by the entry")
                reasons[(r.torch, rid, reason, kind)] += 1
    lines += ["", "Runtime-only sites (the static analysis's misses) by reason, from TORCH_TRACE:", ""]
    for (torch, rid, reason, kind), n in sorted(reasons.items(),
                                                key=lambda kv: (kv[0][0], -kv[1], kv[0])):
        lines.append(f"- {torch} {rid or '(no id)'} x{n}: {reason} ({kind})")
    wrong = [r for r in results if r.problems]
    if wrong:
        lines += ["", "Wrong:"]
        for r in wrong:
            lines.append(f"- {r.fixture}:{r.log}: " + "; ".join(r.problems))
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--json", help="write every fixture's result here")
    args = ap.parse_args()
    binary = os.environ.get("GBREAK_BINARY", str(REPO / "build" / "gbreak"))
    results = measure(binary, args.j)
    print("\n".join(report(results)))
    if args.json:
        Path(args.json).write_text(json.dumps([r.__dict__ for r in results], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

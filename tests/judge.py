#!/usr/bin/env python3
"""The real-model judge: gbreak scored against what real Dynamo did on every model of a library.

The sweep (tests/oracle/sweep.py) ran every model of transformers, diffusers and other libraries,
built tiny, once eagerly and once under torch.compile(backend="eager"), in eval and train mode,
and recorded (corpus/_records/torch-<v>/sweep/<library>/<model>-<mode>.json) each graph break's
innermost library frame, the library lines the eager call executed, and what ran (config
overrides, inputs). This module runs, for every record,

    gbreak lint --site-packages LIBS --entry <entry> --mode <mode> --torch-version <v> ...

over the same library versions (installed without dependencies in .venv-test/model-libs by
`scripts/setup --test`; gbreak only reads them, no torch needed) and scores, per statement:

- site recall: recorded break sites (innermost library frame) with a finding on the same statement;
- precision on executed code: findings on break sites / findings on statements the eager call
  executed. Findings on statements the call never executed are counted apart ("unexecuted"):
  they are breaks for other inputs or configs, or dead code for this call — not wrong, not right;
- verdict accuracy, apart for records that break and records that compile whole: is gbreak's
  verdict on the entry "breaks" (a break reached whatever the call passes; one only reached
  under a condition it could not decide, "breaks only when ...", is not)?

per torch version, library and mode. Records whose call did not run (build or eager errors) are
counted and not scored. `tests/test_judge.py` fails when a number drops below
tests/judge_baseline.json (a ratchet). Run it alone for the table:

    .venv-test/bin/python tests/judge.py [--update-baseline] [--worst 20] [--json OUT]
"""
from __future__ import annotations

import argparse
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

from capture import parse_line_runs  # noqa: E402
from test_model_accuracy import Lines  # noqa: E402 - statement spans of library files

RECORDS_ROOT = Path(os.environ.get("GBREAK_RECORDS_ROOT", REPO / "corpus" / "_records"))
BASELINE = HERE / "judge_baseline.json"
NOT_BREAKS = ("GX", "RC")  # gbreak's own diagnostics and recompilation hazards
METRICS = ("site_recall", "precision_executed", "verdict_breaks", "verdict_whole")


def libs_dir() -> Path:
    return Path(os.environ.get("GBREAK_MODEL_LIBS", REPO / ".venv-test" / "model-libs"))


def _dist_info(libs: Path, name: str) -> Path | None:
    norm = name.replace("-", "_").lower()
    for info in libs.glob("*.dist-info"):
        dist = info.name[:-len(".dist-info")].partition("-")[0]
        if dist.replace("-", "_").lower() == norm:
            return info
    return None


def installed_version(libs: Path, name: str) -> str | None:
    info = _dist_info(libs, name)
    return info.name[:-len(".dist-info")].partition("-")[2] if info else None


def import_packages(libs: Path, name: str) -> list[str]:
    """The top-level packages a distribution installs (its top_level.txt): a record names the
    distribution (`performer-pytorch`), its break sites the files (`performer_pytorch/...`).
    Without top_level.txt, the name as an import name."""
    info = _dist_info(libs, name)
    top = info / "top_level.txt" if info else None
    if top and top.is_file():
        names = [n.strip() for n in top.read_text().splitlines() if n.strip()]
        if names:
            return names
    return [name.replace("-", "_")]


def sweep_records(only: str = "torch-*/sweep/*/*.json") -> list[dict]:
    """Every sweep record of every torch version (or those `only` matches), sorted by path."""
    out = []
    for path in sorted(RECORDS_ROOT.glob(only)):
        rec = json.loads(path.read_text())
        rec["_path"] = str(path.relative_to(RECORDS_ROOT))  # for messages
        out.append(rec)
    return out


def torch_minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


# ------------------------------------------------------------------------------ gbreak runs
def entry_command(binary: str, libs: Path, entry: str, mode: str, torch_version: str,
                  inputs: str | None, config: tuple = ()) -> list[str]:
    cmd = [binary, "lint", "--site-packages", str(libs), "--entry", entry, "--mode", mode,
           "--torch-version", torch_minor(torch_version), "--select", "ALL",
           "--output-format", "json", "--exit-zero", "--threads", "1",
           # The judge measures the analysis: no run is read back from the result cache.
           "--no-cache"]
    cmd += ["--inputs", inputs] if inputs is not None else []
    for key, value in config:
        cmd += ["--config", f"{key}={value}"]
    return cmd


def _literal(v, in_list: bool = False) -> str | None:
    """A JSON scalar, or a list of them (a per-layer field such as `layer_types`), as the Python
    literal --config takes; None for objects and other lists."""
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, list) and not in_list:
        entries = [_literal(e, in_list=True) for e in v]
        return None if None in entries else "[" + ", ".join(entries) + "]"
    return None


def config_fields(config: dict, prefix: str = "") -> list[tuple[str, str]]:
    """A config's scalar fields as --config takes them, a sub-configuration's (`text_config`)
    under its path (`text_config.hidden_size`), as gbreak reads a config.json."""
    out = []
    for k, v in config.items():
        if isinstance(v, dict):
            out += config_fields(v, f"{prefix}{k}.")
        elif (lit := _literal(v)) is not None:
            out.append((prefix + k, lit))
    return out


def run_key(rec: dict, with_inputs: bool) -> tuple:
    """The gbreak run a record is scored on: its entry, mode and torch version, and, with
    `with_inputs`, what its call passed and the configuration it was built with (`--inputs` and
    `--config` with the record's config overrides and sub-configurations, as a user who knows
    their call and config.json runs gbreak). Records of the same call share a run."""
    if not with_inputs:
        return (rec["entry"], rec["mode"], rec["torch"], None, ())
    inputs = ",".join(sorted(rec.get("inputs") or {}))
    config = tuple(sorted(config_fields(rec.get("config_overrides") or {})))
    return (rec["entry"], rec["mode"], rec["torch"], inputs, config)


def run_entries(binary: str, libs: Path, records: list[dict], jobs: int,
                with_inputs: bool = True) -> dict:
    """One gbreak run per distinct run_key: records share them."""
    keys = sorted({run_key(r, with_inputs) for r in records}, key=str)

    def run(key):
        p = subprocess.run(entry_command(binary, libs, *key), capture_output=True, text=True,
                           cwd=REPO)
        try:
            data = json.loads(p.stdout) if p.stdout.strip() else None
        except json.JSONDecodeError:
            data = None
        return key, {"returncode": p.returncode, "stderr": p.stderr[-2000:], "json": data}

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(pool.map(run, keys))


# ------------------------------------------------------------------------------ scoring
@dataclass
class Score:
    """What one record says of gbreak's findings for its entry."""
    name: str
    library: str
    mode: str
    torch: str
    breaks: bool                    # Dynamo broke the graph (or gave up on a frame)
    sites: set = field(default_factory=set)          # (file, statement) Dynamo broke on
    found: dict = field(default_factory=dict)        # (file, statement) -> rule code
    executed: set = field(default_factory=set)       # findings on statements the call executed
    # findings gbreak marks with a condition it could not decide (`conditions` in JSON:
    # "`pixel_values` is given", an error path): what a user without --inputs is told is not
    # certain
    conditioned: set = field(default_factory=set)
    error: str | None = None        # gbreak could not analyze the entry
    # gbreak's verdict on the entry ("breaks", "compiles whole", "breaks only when ..."): a
    # break only under a condition it could not decide is not a "breaks" verdict.
    verdict: str = "compiles whole"

    @property
    def hits(self) -> set:
        return self.sites & set(self.found)

    @property
    def misses(self) -> set:
        return self.sites - set(self.found)

    @property
    def false_executed(self) -> set:
        return {k for k in self.executed if k not in self.sites}

    @property
    def unexecuted(self) -> set:
        return {k for k in self.found if k not in self.sites and k not in self.executed}

    @property
    def unexecuted_conditioned(self) -> set:
        return self.unexecuted & self.conditioned

    @property
    def says_breaks(self) -> bool:
        return self.verdict == "breaks"


# Breaks Dynamo raises while it builds a value from its source (VariableBuilder, e.g. on loading
# `self.lstm`), where no instruction can be resumed: the whole frame is skipped and no graph
# split is logged (torch/_dynamo/variables/builder.py: an nn.RNN/GRU/LSTM without allow_rnn).
SKIP_ONLY_BREAKS = ("Attempted to wrap RNN, GRU, or LSTM",)


def is_site(brk: dict) -> bool:
    """A break the static analysis should predict: a graph split, a break in a loop that made
    Dynamo run the whole frame eagerly, or one Dynamo only ever reports as a skipped frame
    (SKIP_ONLY_BREAKS). Other frames skipped for no break of their own are the cascade of one
    further in (transformers' output-capturing wrapper re-entered after its model broke, named
    `Missing tp_iternext` by 2.13, differently by other versions), the same break seen from
    further out."""
    if brk.get("kind", "graph_break") == "graph_break":
        return True
    if any(c.get("gb_type") == "graph break in loop" for c in brk.get("chain", [])):
        return True
    return brk.get("gb_type") in SKIP_ONLY_BREAKS


def score_record(rec: dict, run: dict, libs: Path, lines: Lines, prefixes: tuple[str, ...]) -> Score:
    s = Score(name=f"{rec['library']}/{rec['model']}-{rec['mode']}", library=rec["library"],
              mode=rec["mode"], torch=rec["torch"],
              breaks=any(is_site(b) for b in rec["breaks"]) or (rec.get("graph_count") or 0) > 1)
    for b in rec["breaks"]:
        if b.get("file") and b["file"].startswith(prefixes) and is_site(b):
            s.sites.add((b["file"], lines.statement(b["file"], b["line"])))
    if run["json"] is None or run["returncode"] not in (0, 1):
        s.error = f"gbreak exited {run['returncode']}: {run['stderr'].strip()[-300:]}"
        return s
    s.verdict = run["json"].get("summary", {}).get("verdict", "compiles whole")
    errors = [d["message"] for d in run["json"].get("diagnostics", []) if d["level"] == "error"]
    if errors:
        s.error = "; ".join(errors)[:300]
    prefix = str(libs) + "/"
    executed = {f: parse_line_runs(r) for f, r in rec.get("executed_lines", {}).items()}
    for f in run["json"]["findings"]:
        if f["code"].startswith(NOT_BREAKS) or not f["file"].startswith(prefix):
            continue
        rel = f["file"][len(prefix):]
        key = (rel, lines.statement(rel, f["start"]["line"]))
        s.found.setdefault(key, f["code"])
        if f.get("conditions"):
            s.conditioned.add(key)
        lo, hi = key[1]
        ran = executed.get(rel, ())
        if any(line in ran for line in range(lo, hi + 1)):
            s.executed.add(key)
    return s


def ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


def summarize(scores: list[Score]) -> dict:
    hits = sum(len(s.hits) for s in scores)
    sites = sum(len(s.sites) for s in scores)
    right_found = sum(len(set(s.found) & s.sites) for s in scores)
    false_exec = sum(len(s.false_executed) for s in scores)
    breaking = [s for s in scores if s.breaks]
    whole = [s for s in scores if not s.breaks]
    return {
        "records": len(scores),
        "sites": sites, "hits": hits,
        "findings_executed_false": false_exec,
        "findings_unexecuted": sum(len(s.unexecuted) for s in scores),
        # of those, the share marked with a condition (issue: >= 0.9 without --inputs/--config)
        "unexecuted_conditioned": ratio(sum(len(s.unexecuted_conditioned) for s in scores),
                                        sum(len(s.unexecuted) for s in scores)),
        "site_recall": ratio(hits, sites),
        "precision_executed": ratio(right_found, right_found + false_exec),
        "breaking": len(breaking), "whole": len(whole),
        "verdict_breaks": ratio(sum(s.says_breaks for s in breaking), len(breaking)),
        "verdict_whole": ratio(sum(not s.says_breaks for s in whole), len(whole)),
    }


@dataclass
class Report:
    groups: dict           # "torch 2.13.0 / transformers / eval" -> summary
    scores: list
    skipped: dict          # status -> count of records not scored (build/eager errors...)
    unscorable: list       # why a library's records could not be scored at all


def build_report(binary: str, jobs: int | None = None, with_inputs: bool = True,
                 only: str | None = None) -> Report:
    libs = libs_dir()
    records = sweep_records(only) if only else sweep_records()
    skipped: dict[str, int] = {}
    unscorable: list[str] = []
    scorable = []
    checked: dict[tuple, str | None] = {}
    for rec in records:
        if rec.get("status") != "recorded":
            skipped[rec.get("status") or "unknown"] = skipped.get(rec.get("status") or "unknown", 0) + 1
            continue
        for lib, version in sorted(rec.get("libraries", {}).items()):
            if (lib, version) not in checked:
                have = installed_version(libs, lib)
                checked[(lib, version)] = None if have == version else (
                    f"{lib} {version}: {libs} has {have or 'nothing'} (run scripts/setup --test)")
        why = [checked[(lib, v)] for lib, v in rec.get("libraries", {}).items() if checked[(lib, v)]]
        if why:
            skipped["library not installed"] = skipped.get("library not installed", 0) + 1
            for w in why:
                if w not in unscorable:
                    unscorable.append(w)
            continue
        scorable.append(rec)
    runs = run_entries(binary, libs, scorable, jobs or os.cpu_count() or 2, with_inputs)
    lines = Lines(libs)
    scores = []
    for rec in scorable:
        prefixes = tuple(f"{pkg}/" for lib in rec.get("libraries", {})
                         for pkg in import_packages(libs, lib))
        scores.append(score_record(rec, runs[run_key(rec, with_inputs)], libs, lines, prefixes))
    groups: dict[str, dict] = {}
    keyed: dict[str, list[Score]] = {}
    for s in scores:
        for key in (f"torch {s.torch} / {s.library} / {s.mode}", f"torch {s.torch} / {s.library}",
                    f"torch {s.torch}"):
            keyed.setdefault(key, []).append(s)
    for key in sorted(keyed):
        groups[key] = summarize(keyed[key])
    return Report(groups, scores, dict(sorted(skipped.items())), unscorable)


# ------------------------------------------------------------------------------ output
def _fmt(v) -> str:
    return "-" if v is None else f"{v:.3f}"


def format_report(r: Report, worst: int = 20) -> list[str]:
    out = [f"{'group':38} {'recs':>5} {'sites':>5} {'recall':>6} {'prec(exec)':>10} "
           f"{'FP exec':>7} {'unexec':>6} {'cond':>5} {'verdict brk':>11} {'verdict whole':>13}"]
    for key, g in r.groups.items():
        out.append(f"{key:38} {g['records']:>5} {g['sites']:>5} {_fmt(g['site_recall']):>6} "
                   f"{_fmt(g['precision_executed']):>10} {g['findings_executed_false']:>7} "
                   f"{g['findings_unexecuted']:>6} {_fmt(g['unexecuted_conditioned']):>5} "
                   f"{_fmt(g['verdict_breaks']):>6} /{g['breaking']:>4} "
                   f"{_fmt(g['verdict_whole']):>6} /{g['whole']:>5}")
    if r.skipped:
        out.append("records not scored: " + ", ".join(f"{k} {v}" for k, v in r.skipped.items()))
    for why in r.unscorable:
        out.append(f"not scored: {why}")
    errors = [s for s in r.scores if s.error]
    if errors:
        out.append(f"entries gbreak could not analyze: {len(errors)}")
        for s in errors[:worst]:
            out.append(f"  {s.name} (torch {s.torch}): {s.error}")
    ranked = sorted(r.scores, key=lambda s: (-(len(s.misses) + len(s.false_executed)), s.name))
    ranked = [s for s in ranked if s.misses or s.false_executed][:worst]
    if ranked:
        out.append(f"worst {len(ranked)} records (missed sites + false findings on executed code):")
    for s in ranked:
        out.append(f"  {s.name} (torch {s.torch}): {len(s.misses)} missed, "
                   f"{len(s.false_executed)} false on executed code")
        for f, (lo, hi) in sorted(s.misses)[:5]:
            out.append(f"    missed {f}:{lo}")
        for key in sorted(s.false_executed)[:5]:
            out.append(f"    false  {key[0]}:{key[1][0]} {s.found[key]}")
    return out


def load_baseline() -> dict:
    return json.loads(BASELINE.read_text()) if BASELINE.exists() else {}


def regressions(r: Report, baseline: dict) -> list[str]:
    """Numbers below the baseline, for groups whose records are the baseline's."""
    out = []
    for key, want in baseline.items():
        have = r.groups.get(key)
        if have is None:
            out.append(f"{key}: no longer scored (records or library sources missing)")
            continue
        if have["records"] != want["records"]:
            out.append(f"{key}: {have['records']} records scored, the baseline has "
                       f"{want['records']}: re-record or run tests/judge.py --update-baseline")
            continue
        for m in METRICS:
            if want.get(m) is not None and (have[m] is None or have[m] < want[m]):
                out.append(f"{key}: {m} {_fmt(have[m])} < baseline {_fmt(want[m])}")
    return out


def updated_baseline(r: Report, baseline: dict) -> dict:
    """The ratchet: a number moves up, never down, while the records stay the same; a group whose
    record count changed (new records) starts again from its current numbers."""
    new = {}
    for key, have in r.groups.items():
        old = baseline.get(key)
        entry = {"records": have["records"], **{m: have[m] for m in METRICS}}
        if old and old.get("records") == have["records"]:
            for m in METRICS:
                if old.get(m) is not None and (have[m] is None or old[m] > have[m]):
                    entry[m] = old[m]
        new[key] = entry
    return new


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--update-baseline", action="store_true")
    ap.add_argument("--reset-baseline", action="store_true",
                    help="write today's numbers as the baseline, lower ones included: only for a "
                         "deliberate trade, said in the commit (a number down for a bigger one up)")
    ap.add_argument("--worst", type=int, default=20)
    ap.add_argument("--json", help="write the per-record scores here")
    ap.add_argument("-j", "--jobs", type=int, default=None)
    ap.add_argument("--any-inputs", action="store_true",
                    help="run gbreak without --inputs (every optional input may be given); "
                         "the baseline is for runs given each record's inputs")
    ap.add_argument("--only", metavar="GLOB",
                    help="score only the records this glob matches under corpus/_records (e.g. "
                         "'torch-2.13.0/sweep/diffusers/*'), for a quick look; no baseline update")
    args = ap.parse_args()
    if args.only and (args.update_baseline or args.reset_baseline):
        ap.error("the baseline is for every record; drop --only")
    binary = os.environ.get("GBREAK_BINARY", str(REPO / "build" / "gbreak"))
    r = build_report(binary, args.jobs, with_inputs=not args.any_inputs, only=args.only)
    if (args.update_baseline or args.reset_baseline) and args.any_inputs:
        ap.error("the baseline is for runs with each record's inputs; drop --any-inputs")
    print("\n".join(format_report(r, args.worst)))
    if args.json:
        Path(args.json).write_text(json.dumps([{
            "name": s.name, "torch": s.torch, "breaks": s.breaks, "says_breaks": s.says_breaks,
            "verdict": s.verdict,
            "error": s.error,
            "missed": sorted(f"{f}:{lo}" for f, (lo, _) in s.misses),
            "hits": sorted(f"{f}:{lo}" for f, (lo, _) in s.hits),
            "false_executed": sorted(f"{f}:{lo} {s.found[(f, (lo, hi))]}"
                                     for f, (lo, hi) in s.false_executed),
            "unexecuted": sorted(f"{f}:{lo} {s.found[(f, (lo, hi))]}"
                                 for f, (lo, hi) in s.unexecuted),
            # the findings on unexecuted code that carry no condition: what a user without
            # --inputs/--config is told is certain although the call never ran it
            "unexecuted_unconditioned": sorted(
                f"{f}:{lo} {s.found[(f, (lo, hi))]}"
                for f, (lo, hi) in s.unexecuted - s.conditioned)} for s in r.scores],
            indent=1) + "\n")
    if args.update_baseline or args.reset_baseline:
        BASELINE.write_text(json.dumps(updated_baseline(r, {} if args.reset_baseline else
                                                        load_baseline()), indent=2,
                                       sort_keys=True) + "\n")
        print(f"wrote {BASELINE.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

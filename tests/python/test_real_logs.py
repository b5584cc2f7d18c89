"""gbreak reads real runtime logs of real models right: per log, the graph count and the graph-break
sites (with their report counts) that the real-model sweep recorded for the same run.

The fixtures are tests/fixtures/logs/torch-<v>/sweep/<library>/<model>-<mode>/, made by
`tests/oracle/capture_logs.py --sweep` (see the README beside them): the logs of one run of a sweep
model, built and called exactly as the sweep built and called it, in three forms
(TORCH_LOGS=graph_breaks,recompiles text, TORCH_LOGS=+dynamo text, TORCH_TRACE), and
expected.json, taken from the sweep record (corpus/_records/torch-<v>/sweep/...). No torch needed.

A break site is the innermost frame of the model's library (the sweep's attribution); gbreak's
site is its innermost frame outside torch. Both are compared as (path relative to site-packages,
line), with the number of reports there (breaks plus the frames they made Dynamo skip to eager).

    GBREAK_BINARY=build/gbreak python tests/python/test_real_logs.py   # prints N of N per version
"""

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "logs"

# log name -> (path inside the fixture, does the format carry a graph count, does it carry the
# break reports)
LOGS = {
    "graph_breaks": ("graph_breaks.log", False),
    "dynamo_debug": ("dynamo_debug.log", True),
    "trace": ("trace", True),
}

# (fixture id, log) -> why gbreak is still wrong there. The test is a strict xfail for these, so a
# fix shows up as an unexpected pass (and this entry must then go).
KNOWN_WRONG: dict[tuple[str, str], str] = {}


# Where the sweep's attribution and gbreak's differ by definition: the sweep pins a break on the
# innermost frame of the swept library (diffusers), gbreak on the innermost frame outside torch,
# which may be in a library the swept one calls (transformers). fixture id -> {gbreak site: the
# record's site}; the counts of the gbreak sites mapped to one record site must add up to its.
SAME_BREAK: dict[str, dict[str, str]] = {
    # AutoencoderRAE's encoder is a transformers model: the breaks are in transformers'
    # output-capturing hooks, reached from autoencoder_rae.py:59.
    "torch-2.13.0/diffusers/AutoencoderRAE-eval": {
        "transformers/utils/output_capturing.py:153": "diffusers/models/autoencoders/autoencoder_rae.py:59",
        "transformers/utils/output_capturing.py:239": "diffusers/models/autoencoders/autoencoder_rae.py:59",
    },
}
SAME_BREAK["torch-2.14.1/diffusers/AutoencoderRAE-eval"] = SAME_BREAK[
    "torch-2.13.0/diffusers/AutoencoderRAE-eval"]


def fixture_dirs():
    return sorted(p.parent for p in FIXTURES.glob("torch-*/sweep/*/*/expected.json"))


def fixture_id(d: Path) -> str:
    return str(d.relative_to(FIXTURES)).replace("/sweep/", "/")


def rel(path: str) -> str:
    """A path as the sweep records it: relative to site-packages."""
    for marker in ("/site-packages/", "site-packages/", "/dist-packages/"):
        if marker in path:
            return path.rsplit(marker, 1)[1]
    return path


def run_logs(binary: str, path: Path) -> dict:
    p = subprocess.run([binary, "logs", "--output-format", "json", str(path)],
                       capture_output=True, text=True)
    assert p.returncode in (0, 1), f"{path}: gbreak logs exited {p.returncode}: {p.stderr}"
    return json.loads(p.stdout)["runtime"]


def mismatches(binary: str, d: Path, log: str) -> list[str]:
    """What gbreak gets wrong on one log of one fixture, against its expected.json."""
    exp = json.loads((d / "expected.json").read_text())
    name, has_graphs = LOGS[log]
    rt = run_logs(binary, d / name)
    out = []
    if has_graphs and rt["dynamo_graph_count"] != exp["graph_count"]:
        out.append(f"graph count {rt['dynamo_graph_count']}, record says {exp['graph_count']}")
    got = collections.Counter()
    skipped = collections.Counter()
    same = SAME_BREAK.get(fixture_id(d), {})
    for b in rt["breaks"]:
        key = f"{rel(b['file'])}:{b['line']}"
        key = same.get(key, key)
        got[key] += b["count"]
        skipped[key] += b["frames_skipped"]
    want = collections.Counter({f"{s['file']}:{s['line']}": s["count"] for s in exp["sites"]})
    want_skipped = collections.Counter(
        {f"{s['file']}:{s['line']}": s["frames_skipped"] for s in exp["sites"]})
    for key in sorted(set(got) | set(want)):
        if got[key] != want[key]:
            out.append(f"site {key}: {got[key]} reports, record says {want[key]}")
        elif skipped[key] != want_skipped[key]:
            out.append(f"site {key}: {skipped[key]} frames skipped, record says "
                       f"{want_skipped[key]}")
    return out


CASES = [(d, log) for d in fixture_dirs() for log in LOGS]


@pytest.mark.skipif(not CASES, reason="no sweep log fixtures (tests/oracle/capture_logs.py --sweep)")
@pytest.mark.parametrize("fixture,log", CASES, ids=[f"{fixture_id(d)}:{log}" for d, log in CASES])
def test_real_log_matches_sweep_record(gbreak_binary, fixture, log, request):
    why = KNOWN_WRONG.get((fixture_id(fixture), log))
    if why:
        request.applymarker(pytest.mark.xfail(reason=why, strict=True))
    problems = mismatches(gbreak_binary, fixture, log)
    assert not problems, f"{fixture / LOGS[log][0]}: " + "; ".join(problems)


def test_fixture_set_is_the_promised_size():
    """≥ 30 models that break and 10 that compile whole, per recorded torch version."""
    by_version = collections.defaultdict(lambda: [0, 0])
    for d in fixture_dirs():
        exp = json.loads((d / "expected.json").read_text())
        by_version[d.relative_to(FIXTURES).parts[0]][0 if exp["sites"] else 1] += 1
    if not by_version:
        pytest.skip("no sweep log fixtures")
    for version, (breaking, whole) in by_version.items():
        assert breaking >= 30 and whole >= 10, f"{version}: {breaking} breaking, {whole} whole"


def main() -> int:
    binary = os.environ.get("GBREAK_BINARY", str(REPO / "build" / "gbreak"))
    totals = collections.defaultdict(lambda: [0, 0])
    for d in fixture_dirs():
        version = d.relative_to(FIXTURES).parts[0]
        for log in LOGS:
            bad = mismatches(binary, d, log)
            totals[(version, log)][0] += not bad
            totals[(version, log)][1] += 1
            if bad:
                print(f"WRONG {fixture_id(d)}:{log}: " + "; ".join(bad))
    for (version, log), (right, n) in sorted(totals.items()):
        print(f"{version} {log}: {right} of {n} right")
    return 0


if __name__ == "__main__":
    sys.exit(main())

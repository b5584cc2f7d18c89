"""The real-model judge as a ratchet: gbreak's numbers on every recorded real model (tests/judge.py)
must not drop below tests/judge_baseline.json. Needs no torch; skips when the library sources
the records were made with are not installed (scripts/setup --test installs them)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge  # noqa: E402


def test_real_model_judge(gbreak_binary):
    if not judge.sweep_records():
        pytest.skip("no sweep records under corpus/_records/torch-*/sweep")
    r = judge.build_report(gbreak_binary)
    print("\n" + "\n".join(judge.format_report(r)))
    if not r.scores:
        pytest.skip("no record could be scored: " + "; ".join(r.unscorable))
    baseline = judge.load_baseline()
    assert baseline, "tests/judge_baseline.json is missing: run tests/judge.py --update-baseline"
    problems = judge.regressions(r, baseline)
    assert not problems, "\n".join(problems)


def _score(sites, found, executed_lines, breaks=True):
    """A Score made by hand: sites and findings as (file, line) pairs, one-line statements."""
    s = judge.Score(name="m-eval", library="lib", mode="eval", torch="2.13.0", breaks=breaks)
    s.sites = {(f, (ln, ln)) for f, ln in sites}
    for f, ln in found:
        s.found[(f, (ln, ln))] = "CF001"
        if ln in executed_lines:
            s.executed.add((f, (ln, ln)))
    s.verdict = "breaks" if found else "compiles whole"
    return s


def test_summary_splits_findings_by_what_ran():
    # one site found, one missed; a false finding on executed code, one on code that never ran
    s = _score(sites=[("a.py", 10), ("a.py", 20)], found=[("a.py", 10), ("a.py", 30), ("a.py", 40)],
               executed_lines={10, 20, 30})
    whole = _score(sites=[], found=[], executed_lines=set(), breaks=False)
    g = judge.summarize([s, whole])
    assert g["site_recall"] == 0.5
    assert g["precision_executed"] == 0.5      # a.py:10 right, a.py:30 wrong; a.py:40 not counted
    assert g["findings_unexecuted"] == 1
    assert g["unexecuted_conditioned"] == 0.0
    assert g["verdict_breaks"] == 1.0 and g["verdict_whole"] == 1.0
    s.conditioned.add(("a.py", (40, 40)))     # a.py:40 said "[only when ...]"
    assert judge.summarize([s, whole])["unexecuted_conditioned"] == 1.0


def test_ratchet_moves_up_only_while_records_stay():
    r = judge.Report(groups={"g": {"records": 3, "site_recall": 0.5, "precision_executed": 0.9,
                                   "verdict_breaks": 0.7, "verdict_whole": None}},
                     scores=[], skipped={}, unscorable=[])
    same = {"g": {"records": 3, "site_recall": 0.6, "precision_executed": 0.8,
                  "verdict_breaks": 0.7, "verdict_whole": None}}
    assert judge.regressions(r, same) == ["g: site_recall 0.500 < baseline 0.600"]
    up = judge.updated_baseline(r, same)["g"]
    assert up["site_recall"] == 0.6 and up["precision_executed"] == 0.9
    more = {"g": dict(same["g"], records=2)}
    assert "re-record" in judge.regressions(r, more)[0]
    assert judge.updated_baseline(r, more)["g"]["site_recall"] == 0.5


def test_a_break_only_under_a_condition_is_not_a_breaks_verdict():
    s = _score(sites=[("a.py", 10)], found=[("a.py", 10)], executed_lines={10})
    s.verdict = "breaks only when `pixel_values` is given"
    g = judge.summarize([s])
    assert g["site_recall"] == 1.0            # the finding still marks the site
    assert g["verdict_breaks"] == 0.0         # but the verdict did not say "breaks"


def test_break_sites_are_under_the_distributions_import_packages(tmp_path):
    # performer-pytorch installs performer_pytorch/: a record names the distribution, its breaks
    # the files; reading the distribution name as a folder dropped every site of such records
    info = tmp_path / "performer_pytorch-1.1.4.dist-info"
    info.mkdir()
    (info / "top_level.txt").write_text("performer_pytorch\n")
    assert judge.import_packages(tmp_path, "performer-pytorch") == ["performer_pytorch"]
    assert judge.installed_version(tmp_path, "performer-pytorch") == "1.1.4"
    (tmp_path / "pyyaml-6.0.dist-info").mkdir()
    (tmp_path / "pyyaml-6.0.dist-info" / "top_level.txt").write_text("_yaml\nyaml\n")
    assert judge.import_packages(tmp_path, "PyYAML") == ["_yaml", "yaml"]
    assert judge.import_packages(tmp_path, "no-such-dist") == ["no_such_dist"]


def test_a_frame_skipped_at_its_own_break_is_a_site():
    split = {"kind": "graph_break", "gb_type": "Data-dependent branching", "chain": []}
    in_loop = {"kind": "frame_skipped", "gb_type": "Data-dependent branching",
               "chain": [{"gb_type": "graph break in loop"}]}
    # Dynamo 2.13 runs a frame calling an nn.LSTM eagerly: no graph split is logged, only the skip
    rnn = {"kind": "frame_skipped", "gb_type": "Attempted to wrap RNN, GRU, or LSTM", "chain": []}
    cascade = {"kind": "frame_skipped", "gb_type": "Missing tp_iternext", "chain": []}
    cascade_214 = {"kind": "frame_skipped", "chain": [],
                   "gb_type": "C-implemented special method without VariableTracker model"}
    assert judge.is_site(split) and judge.is_site(in_loop) and judge.is_site(rnn)
    assert not judge.is_site(cascade) and not judge.is_site(cascade_214)

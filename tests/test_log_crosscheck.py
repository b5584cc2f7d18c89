"""`gbreak lint --entry ... --log LOG` on real runs: for every logged sweep model
(tests/fixtures/logs/torch-<v>/sweep/) and each of its three logs, the findings on the lines where
the run broke are confirmed with the record's break counts, no other finding is, and the breaks no
finding holds are the runtime-only ones (tests/log_crosscheck.py says how; run it alone for the
confirm and runtime-only rates). Needs no torch; skips without the library sources the records
were made with (scripts/setup --test installs them)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge  # noqa: E402
import log_crosscheck  # noqa: E402
import test_real_logs  # noqa: E402
from test_real_logs import LOGS, fixture_dirs, fixture_id  # noqa: E402

CASES = [(d, log) for d in fixture_dirs() for log in LOGS]


@pytest.mark.skipif(not CASES, reason="no sweep log fixtures (tests/oracle/capture_logs.py --sweep)")
@pytest.mark.parametrize("fixture,log", CASES, ids=[f"{fixture_id(d)}:{log}" for d, log in CASES])
def test_crosscheck_of_real_log(gbreak_binary, fixture, log):
    libs = judge.libs_dir()
    rec = log_crosscheck.record_of(fixture)
    assert isinstance(rec, dict), rec
    why = log_crosscheck.entry_run(gbreak_binary, libs, rec)
    if isinstance(why, str):
        pytest.skip(why)
    result = log_crosscheck.check(gbreak_binary, libs, fixture, log)
    assert not result.problems, f"{fixture / LOGS[log][0]}: " + "; ".join(result.problems)


def _finding(code, path, first, last, status=None, count=0):
    f = {"code": code, "file": path, "start": {"line": first}, "end": {"line": last}}
    if status:
        f["runtime"] = {"status": status, "break_count": count}
    return f


def test_scoring_catches_each_kind_of_mistake(tmp_path, monkeypatch):
    """The checks themselves: a fake gbreak output against a made-up record."""
    import json

    libs = tmp_path / "libs"
    (libs / "lib-1.0.dist-info").mkdir(parents=True)
    rec = {"libraries": {"lib": "1.0"}, "entry": "lib:M", "mode": "eval", "torch": "2.13.0",
           "breaks": [{"file": "lib/m.py", "line": 10, "kind": "graph_break"},
                      {"file": "lib/m.py", "line": 20, "kind": "graph_break"},
                      {"file": "lib/m.py", "line": 30, "kind": "frame_skipped"}]}
    (tmp_path / "rec.json").write_text(json.dumps(rec))
    d = tmp_path / "logs" / "torch-2.13.0" / "sweep" / "lib" / "M-eval"
    d.mkdir(parents=True)
    (d / "expected.json").write_text(json.dumps({"record": str(tmp_path / "rec.json"), "sites": [
        {"file": "lib/m.py", "line": 10, "count": 3},
        {"file": "lib/m.py", "line": 20, "count": 1},
        {"file": "lib/m.py", "line": 30, "count": 1}]}))
    monkeypatch.setattr(log_crosscheck, "FIXTURES", tmp_path / "logs")
    monkeypatch.setattr(test_real_logs, "FIXTURES", tmp_path / "logs")
    path = f"{libs}/lib/m.py"

    def scored(findings, runtime_only):
        out = {"findings": findings, "runtime": {"runtime_only_breaks": runtime_only}}
        monkeypatch.setattr(log_crosscheck, "run_gbreak", lambda cmd: out)
        return log_crosscheck.check("gbreak", libs, d, "trace")

    right = scored([_finding("CF001", path, 9, 11, "confirmed", 3),
                    _finding("SE002", path, 40, 40, "not_seen")],
                   [{"file": path, "line": 20, "count": 1, "reason": "r"},
                    {"file": "/x/site-packages/lib/m.py", "line": 30, "count": 1, "reason": "s"}])
    assert right.problems == []
    assert (right.sites, right.break_sites, right.site_findings, right.confirmed) == (3, 2, 1, 1)
    assert (right.runtime_only, right.runtime_only_breaks) == (2, 1)

    wrong = scored([_finding("CF001", path, 10, 10, "not_seen"),
                    _finding("CV002", path, 20, 20, "confirmed", 2),
                    _finding("SE002", path, 40, 40, "confirmed", 1)],
                   [{"file": path, "line": 30, "count": 2, "reason": "s"},
                    {"file": path, "line": 50, "count": 1, "reason": "t"}])
    assert wrong.problems == [
        "CF001 lib/m.py:10: on a recorded site, not confirmed",
        "CV002 lib/m.py:20: confirmed with 2 breaks, the record says 1",
        "SE002 lib/m.py:40: confirmed (1 breaks) where the record has no break",
        "lib/m.py:30: listed as runtime-only with 2 breaks, expected 1",
        "lib/m.py:50: listed as runtime-only with 1 breaks, expected 0",
    ]

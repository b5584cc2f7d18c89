"""Unit tests of the oracle's torch-free parts: annotation parsing, statement spans, and the graph-break
report parser — the latter checked against the committed real logs (tests/fixtures/logs) and the
committed records, so logs, parser and records must agree. No torch needed.

    python3 -m pytest tests/oracle/test_oracle_parsers.py
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from annotations import parse_text, statement_spans  # noqa: E402
from capture import CORPUS_ROOT, PathMapper, TracedLines, parse_break_payload, parse_line_runs  # noqa: E402,E501

import pytest  # noqa: E402

REPO = HERE.parents[1]
FIXTURES = REPO / "tests" / "fixtures" / "logs"
PREFIX = re.compile(r"^(?P<prefix>[VIWEC]\d{4} [\d:.]+ \d+ [^\]]+\](?: \[[^\]]+\])?(?: \[__\w+\])?) ?(?P<msg>.*)$")


def test_annotations_next_code_line_and_codes():
    src = "\n".join([
        "x = 1",
        "# ruleid: CF001, CV001",
        "# an explanation in between",
        "",
        "if t.sum() > 0:",
        "    # ok: SE001",
        "    print('hi')  # trailing",
        "# todoruleid: DS001 with words after",
        "y = t.nonzero()",
        "# todook: RC001",
    ])
    got = [(a.line, a.code, a.kind, a.comment_line) for a in parse_text(src, "f.py")]
    assert got == [(5, "CF001", "ruleid", 2), (5, "CV001", "ruleid", 2), (7, "SE001", "ok", 6),
                   (9, "DS001", "todoruleid", 8), (0, "RC001", "todook", 10)]


def test_traced_lines_round_trip():
    mapper = PathMapper()
    traced = TracedLines(mapper, keep=lambda rel: rel.startswith("transformers/"))
    traced.lines = {"/x/site-packages/transformers/a.py": {3, 4, 5, 9, 11, 12},
                    "/x/site-packages/torch/nn/modules/module.py": {1, 2}}
    summary = traced.summary()
    assert summary == {"transformers/a.py": "3-5,9,11-12"}
    assert parse_line_runs(summary["transformers/a.py"]) == {3, 4, 5, 9, 11, 12}
    assert parse_line_runs("") == set()


def test_statement_spans_header_and_multiline():
    src = "\n".join([
        "def f(x):",             # 1
        "    if (x.sum() > 0",   # 2
        "            and True):",  # 3
        "        y = g(",        # 4
        "            x)",        # 5
        "    return x",          # 6
    ])
    sp = statement_spans(src)
    assert sp[2] == (2, 3)   # if header only
    assert sp[4] == (4, 5)   # whole simple statement
    assert sp[6] == (6, 6)


def _reports(log: Path):
    """Group a TORCH_LOGS=graph_breaks file into records (consecutive lines with one prefix)."""
    groups, cur, cur_prefix = [], [], None
    for ln in log.read_text().splitlines():
        m = PREFIX.match(ln)
        if not m:
            continue
        if m.group("prefix") != cur_prefix:
            if cur:
                groups.append("\n".join(cur))
            cur, cur_prefix = [], m.group("prefix")
        cur.append(m.group("msg"))
    if cur:
        groups.append("\n".join(cur))
    return [g for g in groups if g.startswith("Graph break in user code at ")]


def _fixture_cases():
    out = []
    for readme in sorted(FIXTURES.glob("torch-*/README.md")):
        version = readme.parent.name
        for row in re.findall(r"^\| `(\w+)` \| `([^`]+)` \| case", readme.read_text(), re.M):
            out.append((version, *row))
    return out


@pytest.mark.parametrize("version,name,case", _fixture_cases())
def test_graph_breaks_log_matches_record(version, name, case):
    log = FIXTURES / version / name / "graph_breaks.log"
    rec = json.loads((CORPUS_ROOT / "_records" / version / (case[:-3] + ".json")).read_text())
    from_log = set()
    for body in _reports(log):
        info = parse_break_payload(body)
        assert info is not None, body[:200]
        assert info["root"]["registry_id"], body[:300]
        corpus_frames = [f for f in info["stack"] if "/corpus/" in f["file"]]
        site = corpus_frames[-1]
        rel = site["file"].split("/corpus/", 1)[1]
        from_log.add((rel, site["line"], info["root"]["gb_type"]))
    from_rec = {(b["file"], b["line"], b["gb_type"]) for b in rec["breaks"]}
    # the log carries absolute paths, the record corpus-relative ones: matched by suffix
    assert from_log == from_rec


def test_mrope_sections_fit_the_shrunk_head_of_configs_that_accept_them():
    from sweep_transformers import _give_mrope_section

    class Text:  # accepts mrope_section, has none by default (Qwen2-VL's text config)
        ignore_keys_at_rope_validation = {"mrope_section"}

    class Top:
        sub_configs = {"text_config": Text}

    overrides = {"text_config": {"hidden_size": 32, "num_attention_heads": 2,
                                 "rope_parameters": {"rope_type": "default"}}}
    _give_mrope_section(Top, {}, overrides)
    section = overrides["text_config"]["rope_parameters"]["mrope_section"]
    assert sum(section) == 32 // 2 // 2 and len(section) == 3
    plain = {"hidden_size": 32, "num_attention_heads": 2}
    _give_mrope_section(type("Plain", (), {}), {}, plain)   # no such key accepted: unchanged
    assert "rope_parameters" not in plain


def test_unset_key_value_heads_follow_the_shrunk_attention_heads():
    from shrink import LEVELS, shrink_config_dict

    # Nemotron leaves num_key_value_heads None and divides by it: it gets the heads' count.
    out = shrink_config_dict({"hidden_size": 1024, "num_attention_heads": 16,
                              "num_key_value_heads": None, "num_hidden_layers": 8}, LEVELS[0])
    assert out["num_key_value_heads"] == out["num_attention_heads"]
    # Grouped-query defaults keep their own (shrunk) count.
    out = shrink_config_dict({"hidden_size": 1024, "num_attention_heads": 16,
                              "num_key_value_heads": 4, "num_hidden_layers": 8}, LEVELS[0])
    assert (out["num_attention_heads"], out["num_key_value_heads"]) == (2, 1)

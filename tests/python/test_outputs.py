"""The one-line outputs (github, concise, json-lines) and the markdown report, end to end."""

import json

MODEL = '''import torch
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        print("shape, with a comma: 100%", x.shape)
        return x * 2
'''


def write_model(tmp_path):
    (tmp_path / "net.py").write_text(MODEL, encoding="utf-8")


def test_github_annotations(run_gbreak, tmp_path):
    write_model(tmp_path)
    result = run_gbreak("lint", "net.py", "--output-format", "github", cwd=str(tmp_path))
    assert result.returncode == 1
    (line,) = result.stdout.splitlines()
    assert line.startswith("::warning title=gbreak (SE001 print-call),file=net.py,line=7,col=9,"
                           "endLine=7,endColumn=")
    # The message part escapes '%' (and newlines), not ',' or ':'.
    assert "::net.py:7:9: SE001 `print(\"shape, with a comma: 100%25\", x.shape)`" in line


def test_concise_is_one_line_per_finding(run_gbreak, tmp_path):
    write_model(tmp_path)
    result = run_gbreak("lint", "net.py", "--output-format", "concise", cwd=str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        line for line in result.stdout.splitlines() if line.startswith("net.py:7:9: SE001 ")]
    assert len(result.stdout.splitlines()) == 1


def test_json_lines_match_the_json_findings(run_gbreak, tmp_path):
    write_model(tmp_path)
    lines = run_gbreak("lint", "net.py", "--output-format", "json-lines", cwd=str(tmp_path))
    full = run_gbreak("lint", "net.py", "--output-format", "json", cwd=str(tmp_path))
    objects = [json.loads(line) for line in lines.stdout.splitlines()]
    assert objects == json.loads(full.stdout)["findings"]


def test_clean_input_prints_nothing_in_line_formats(run_gbreak, tmp_path):
    (tmp_path / "ok.py").write_text("x = 1\n", encoding="utf-8")
    for fmt in ("github", "concise", "json-lines"):
        result = run_gbreak("lint", "ok.py", "--output-format", fmt, cwd=str(tmp_path))
        assert (result.returncode, result.stdout) == (0, ""), fmt


def test_markdown_report_has_cause_fix_and_repro(run_gbreak, tmp_path):
    write_model(tmp_path)
    result = run_gbreak("lint", "net.py", "--output-format", "markdown", cwd=str(tmp_path))
    assert result.returncode == 1
    md = result.stdout
    assert md.startswith("# gbreak report\n")
    assert "## 1. `net.py:7:9`: SE001 print-call" in md
    assert "**Cause:**" in md and "**Why Dynamo breaks:**" in md and "**Fix:**" in md
    assert "**Repro** (compiles `Net().forward` with `fullgraph=True`)" in md
    assert 'compiled = torch.compile(obj, fullgraph=True, backend="eager")' in md

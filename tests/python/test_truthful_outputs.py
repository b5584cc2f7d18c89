"""Outputs that never contradict the exit code: no pass wording for a failed run or a log with
breaks, github paths against the repository root, and a hint for a mistyped flag."""

import json
import os
import shutil

TTXLA_LOG = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "fixtures", "logs", "ttxla", "hlo_debug_9_modules.log")

PASS_WORDS = ("All checks passed", "No graph breaks found")


def write_clean(tmp_path):
    (tmp_path / "ok.py").write_text("x = 1\n", encoding="utf-8")


def test_unreadable_path_is_no_pass(run_gbreak, tmp_path):
    for fmt in ("text", "markdown"):
        result = run_gbreak("lint", "missing.py", "--output-format", fmt, cwd=str(tmp_path))
        assert result.returncode == 2, fmt
        assert not any(word in result.stdout for word in PASS_WORDS), result.stdout
        assert "missing.py: No such file or directory" in result.stdout, result.stdout


def test_unresolved_entry_is_no_pass(run_gbreak, tmp_path):
    write_clean(tmp_path)
    result = run_gbreak("lint", "--entry", "nosuchmodule:Net", ".", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "passed" not in result.stdout
    assert "Failed: 1 error (nosuchmodule:Net: --entry: module `nosuchmodule`" in result.stdout
    assert "compiles whole" not in result.stdout


def test_runtime_only_breaks_are_findings(run_gbreak, tmp_path):
    write_clean(tmp_path)
    result = run_gbreak("lint", "ok.py", "--log", TTXLA_LOG, cwd=str(tmp_path))
    assert result.returncode == 1, result.stdout
    assert "All checks passed" not in result.stdout
    assert "Found 1 runtime-only graph-break site in the log (1 checked)." in result.stdout
    zero = run_gbreak("lint", "ok.py", "--log", TTXLA_LOG, "--exit-zero", cwd=str(tmp_path))
    assert zero.returncode == 0


def test_json_summary_counts_what_the_exit_code_counts(run_gbreak, tmp_path):
    # The log's one break is runtime-only: the text summary and the exit code count it, so the
    # JSON summary does too, and says how many of its findings are not in `findings`.
    write_clean(tmp_path)
    result = run_gbreak("lint", "ok.py", "--log", TTXLA_LOG, "--output-format", "json",
                        cwd=str(tmp_path))
    assert result.returncode == 1, result.stderr
    doc = json.loads(result.stdout)
    assert doc["findings"] == []
    assert doc["summary"]["findings"] == 1
    assert doc["summary"]["runtime_only_sites"] == 1
    assert len(doc["runtime"]["runtime_only_breaks"]) == 1
    # Without --log the summary is unchanged: no runtime-only key, and 0 means exit 0.
    clean = run_gbreak("lint", "ok.py", "--output-format", "json", cwd=str(tmp_path))
    assert clean.returncode == 0, clean.stderr
    assert json.loads(clean.stdout)["summary"] == {"files_checked": 1, "files_skipped": 0,
                                                    "findings": 0}


def test_log_takes_one_value(run_gbreak, tmp_path):
    # `--log A path` lints path with log A; it used to read path as a second log and lint `.`,
    # where other.py's print would have been found.
    write_clean(tmp_path)
    (tmp_path / "other.py").write_text("import torch\n\n\n@torch.compile\ndef f(x):\n"
                                       "    print(x)\n    return x\n", encoding="utf-8")
    result = run_gbreak("lint", "--log", TTXLA_LOG, "ok.py", cwd=str(tmp_path))
    assert result.returncode == 1, result.stderr
    assert "other.py" not in result.stdout
    assert "ok.py (torch-logs" not in result.stdout
    assert result.stdout.count("\nLog ") == 1, result.stdout
    assert "(1 checked)." in result.stdout
    # Repeated, --log reads each log; the path may come between them.
    copy = tmp_path / "copy.log"
    shutil.copy(TTXLA_LOG, copy)
    both = run_gbreak("lint", "--log", TTXLA_LOG, "ok.py", "--log", str(copy),
                      cwd=str(tmp_path))
    assert both.returncode == 1, both.stderr
    assert both.stdout.count("\nLog ") == 2, both.stdout
    assert "other.py" not in both.stdout
    assert "(1 checked)." in both.stdout


def test_markdown_counts_tt_xla_graphs_and_runtime_breaks(run_gbreak, tmp_path):
    # The same run with Dynamo's compiler-call lines left out, as tt-xla logs may have them: the
    # Dynamo graph count is then 0, which must not read as "Dynamo compiled 0 graphs".
    with open(TTXLA_LOG, encoding="utf-8") as f:
        lines = [line for line in f if "Step 2: " not in line]
    log = tmp_path / "ttxla.log"
    log.write_text("".join(lines), encoding="utf-8")
    write_clean(tmp_path)
    result = run_gbreak("lint", "ok.py", "--log", str(log), "--output-format", "markdown",
                        cwd=str(tmp_path))
    assert result.returncode == 1
    md = result.stdout
    assert "compiled 0 graphs" not in md
    assert "No graph breaks found" not in md
    assert "**Graphs:** tt-xla compiled 3 graphs in the logged run" in md
    assert "The log shows 1 graph-break site no finding predicted" in md
    assert "Dynamo: 0 graphs" not in md


def test_github_paths_are_relative_to_the_repository_root(run_gbreak, tmp_path):
    (tmp_path / ".git").mkdir()
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "net.py").write_text("import torch\n\n\n@torch.compile\ndef f(x):\n    print(x)\n"
                                "    return x\n", encoding="utf-8")
    for cwd, arg in ((pkg, "net.py"), (tmp_path, "pkg/net.py"), (pkg, str(pkg / "net.py"))):
        result = run_gbreak("lint", arg, "--output-format", "github", cwd=str(cwd))
        assert result.returncode == 1, result.stderr
        (line,) = result.stdout.splitlines()
        assert ",file=pkg/net.py,line=6," in line, (cwd, line)
        assert "::pkg/net.py:6:5: SE001 " in line, (cwd, line)


def test_unknown_flag_suggests_the_nearest(run_gbreak, tmp_path):
    result = run_gbreak("lint", "--selct", "SE001", ".", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "gbreak: unknown option --selct: did you mean --select?" in result.stderr
    result = run_gbreak("logs", "--output-fromat=json", "x.log", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "did you mean --output-format?" in result.stderr
    # Nothing close: no guess.
    result = run_gbreak("lint", "--zzzzzzzz", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "did you mean" not in result.stderr


REAL_LOGS = os.path.join(os.path.dirname(TTXLA_LOG), "..", "torch-2.13.0", "if_tensor_sum")
CORPUS_CASE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "corpus", "control_flow", "if_tensor_sum.py")


def copy_case_with_logs(tmp_path):
    """The corpus case as a user's file, with the real torch 2.13 logs of its run (they name it
    by the absolute path of the machine that ran it; the cross-check matches by path suffix)."""
    case = tmp_path / "control_flow"
    case.mkdir()
    shutil.copy(CORPUS_CASE, case / "if_tensor_sum.py")
    trace_dir = os.path.join(REAL_LOGS, "trace")
    trace = os.path.join(trace_dir, sorted(os.listdir(trace_dir))[0])
    return case / "if_tensor_sum.py", os.path.join(REAL_LOGS, "graph_breaks.log"), trace


def test_log_of_the_same_source_confirms(run_gbreak, tmp_path):
    source, text_log, trace = copy_case_with_logs(tmp_path)
    for log in (text_log, trace):
        result = run_gbreak("lint", "control_flow", "--torch-version", "2.13", "--log", log,
                            cwd=str(tmp_path))
        assert result.returncode == 1, result.stderr
        assert "CF001" in result.stdout and "[confirmed: 1 break" in result.stdout, result.stdout
        assert "other source" not in result.stderr, result.stderr
        assert "recorded with torch" not in result.stderr, result.stderr


def test_log_of_other_source_warns_and_confirms_nothing(run_gbreak, tmp_path):
    # The file changed since the run: the logged line 10 is not the local line 10.
    source, text_log, trace = copy_case_with_logs(tmp_path)
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("if y.sum() > 0:", "if y.mean() > 0:"), encoding="utf-8")
    for log in (text_log, trace):
        result = run_gbreak("lint", "control_flow", "--torch-version", "2.13", "--log", log,
                            "--output-format", "json", cwd=str(tmp_path))
        assert result.returncode == 1, result.stderr
        assert ("gbreak: warning: control_flow/if_tensor_sum.py:10: the log's break here ran "
                "other source: the log has `if y.sum() > 0:`, the local file has "
                "`if y.mean() > 0:`") in result.stderr, result.stderr
        report = json.loads(result.stdout)
        (finding,) = [f for f in report["findings"] if f["code"] == "CF001"]
        assert finding["runtime"]["status"] == "not_seen", finding
        runtime = report["runtime"]
        assert runtime["source_mismatches"] == [{
            "file": "control_flow/if_tensor_sum.py", "line": 10,
            "logged": "if y.sum() > 0:", "local": "if y.mean() > 0:"}]
        assert [b["line"] for b in runtime["runtime_only_breaks"]] == [10]
    # The markdown report (a file, without stderr) says it too.
    result = run_gbreak("lint", "control_flow", "--torch-version", "2.13", "--log", trace,
                        "--output-format", "markdown", cwd=str(tmp_path))
    assert ("Breaks on other source than the local files (they confirm nothing):\n"
            "  control_flow/if_tensor_sum.py:10: the log has `if y.sum() > 0:`, the local file "
            "has `if y.mean() > 0:`") in result.stdout, result.stdout


def test_log_of_another_torch_release_warns(run_gbreak, tmp_path):
    # TORCH_TRACE records the torch that ran (2.13.0+cpu); the analysis modelled 2.11.
    source, text_log, trace = copy_case_with_logs(tmp_path)
    result = run_gbreak("lint", "control_flow", "--torch-version", "2.11", "--log", trace,
                        "--output-format", "json", cwd=str(tmp_path))
    assert result.returncode == 1, result.stderr
    assert (":13: the log was recorded with torch 2.13.0+cpu, the analysis modelled torch 2.11 "
            "(--torch-version 2.13 analyzes for the torch that ran)") in result.stderr
    assert json.loads(result.stdout)["runtime"]["torch_version"] == "2.13.0+cpu"
    # TORCH_LOGS text does not say which torch ran: nothing to compare.
    result = run_gbreak("lint", "control_flow", "--torch-version", "2.11", "--log", text_log,
                        cwd=str(tmp_path))
    assert "recorded with torch" not in result.stderr


def test_logs_text_prints_paths_a_terminal_can_open(run_gbreak, tmp_path):
    # The run's file under a site-packages directory: text prints it as the log did (it exists,
    # so a terminal opens it); JSON shortens `file` from the package down and keeps `runtime_file`.
    lib = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "pkg"
    lib.mkdir(parents=True)
    shutil.copy(CORPUS_CASE, lib / "mod.py")
    with open(os.path.join(REAL_LOGS, "graph_breaks.log"), encoding="utf-8") as f:
        text = f.read()
    old = [w for w in text.split('"') if w.endswith("/control_flow/if_tensor_sum.py")][0]
    log = tmp_path / "run.log"
    log.write_text(text.replace(old, str(lib / "mod.py")), encoding="utf-8")
    result = run_gbreak("logs", str(log), cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert f"  {lib / 'mod.py'}:10: Data-dependent branching [GB0170]" in result.stdout, result.stdout
    result = run_gbreak("logs", str(log), "--output-format", "json", cwd=str(tmp_path))
    (site,) = json.loads(result.stdout)["runtime"]["breaks"]
    assert site["file"] == "site-packages/pkg/mod.py"
    assert site["runtime_file"] == str(lib / "mod.py")
    assert site["code"] == "if y.sum() > 0:"

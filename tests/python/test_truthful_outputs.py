"""Outputs that never contradict the exit code: no pass wording for a failed run or a log with
breaks, github paths against the repository root, and a hint for a mistyped flag."""

import os

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

"""The README matches the tool: every long option `--help` shows is documented, and the options
table lists every `--output-format` value `gbreak lint` accepts."""

import os
import re

import pytest

HELP_COMMANDS = ((), ("lint",), ("logs",), ("rules",), ("explain",))


def readme(repo_root):
    with open(os.path.join(repo_root, "README.md"), encoding="utf-8") as f:
        return f.read()


def long_flags(run_gbreak, command):
    result = run_gbreak(*command, "--help")
    assert result.returncode == 0, result.stderr
    return sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", result.stdout)))


@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "gbreak")
def test_every_help_flag_is_in_the_readme(run_gbreak, repo_root, command):
    text = readme(repo_root)
    flags = long_flags(run_gbreak, command)
    assert flags, "no options found in --help"
    missing = [flag for flag in flags
               if not re.search(r"(?<![\w-])" + re.escape(flag) + r"(?![\w-])", text)]
    shown = " ".join(("gbreak",) + command)
    assert not missing, f"`{shown} --help` options missing from README.md: {missing}"


def output_formats(run_gbreak, tmp_path):
    # CLI11 lists the accepted values when one is refused: "... not in {text,json,...}".
    result = run_gbreak("lint", "--output-format", "no-such-format", cwd=str(tmp_path))
    assert result.returncode == 2
    match = re.search(r"not in \{([^}]*)\}", result.stderr)
    assert match, result.stderr
    return match.group(1).split(",")


def test_readme_options_table_lists_every_output_format(run_gbreak, repo_root, tmp_path):
    formats = output_formats(run_gbreak, tmp_path)
    assert "markdown" in formats and "sarif" in formats
    lines = readme(repo_root).splitlines()
    rows = [line for line in lines if line.startswith("| `--output-format")]
    assert len(rows) == 1, rows
    missing = [fmt for fmt in formats if f"`{fmt}`" not in rows[0]]
    assert not missing, f"README options table lacks --output-format values {missing}"

"""[tool.gbreak] in pyproject.toml and gbreak.toml: nearest configuration wins, command-line flags
override, unknown keys and codes are errors that name the file and the key (src/cli/config.h)."""
import textwrap

MODEL = textwrap.dedent("""\
    import torch
    import torch.nn as nn


    class M(nn.Module):
        def forward(self, x):
            print("a")
            return x.item()
    """)


def codes(result):
    out = []
    for line in result.stdout.splitlines():
        parts = line.split(": ", 1)
        if len(parts) == 2 and parts[1][:5].isalnum() and ":" in parts[0]:
            out.append(f"{parts[0].split(':')[0]} {parts[1][:5]}")
    return sorted(out)


def make_tree(tmp_path, pyproject, sub_config=None):
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    (tmp_path / "pkg" / "gen").mkdir()
    for rel in ("pkg/m.py", "pkg/sub/m.py", "pkg/gen/m.py", "pkg/test_m.py"):
        (tmp_path / rel).write_text(MODEL)
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(pyproject))
    if sub_config is not None:
        (tmp_path / "pkg" / "sub" / "gbreak.toml").write_text(textwrap.dedent(sub_config))


def test_nearest_config_wins_and_excludes_apply(run_gbreak, tmp_path):
    make_tree(tmp_path, """\
        [tool.gbreak]
        ignore = ["SE001"]
        extend-exclude = ["gen"]
        per-file-ignores = { "test_*.py" = ["CV"] }
        """, 'select = ["SE"]\n')
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert codes(result) == ["pkg/m.py CV001", "pkg/sub/m.py SE001"]


def test_command_line_overrides(run_gbreak, tmp_path):
    make_tree(tmp_path, """\
        [tool.gbreak]
        select = ["SE"]
        capture-scalar-outputs = false
        """)
    result = run_gbreak("lint", "pkg", "--select", "CV", "--exclude", "gen", cwd=tmp_path)
    assert codes(result) == ["pkg/m.py CV001", "pkg/sub/m.py CV001", "pkg/test_m.py CV001"]
    result = run_gbreak("lint", "pkg", "--select", "CV", "--capture-scalar-outputs", cwd=tmp_path)
    assert codes(result) == [] and result.returncode == 0, result.stdout + result.stderr


def test_dynamo_settings_from_config(run_gbreak, tmp_path):
    make_tree(tmp_path, """\
        [tool.gbreak]
        torch-version = "2.13"
        dynamo-config = { capture_scalar_outputs = true, reorderable_logging_functions = ["builtins.print"] }
        """)
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert codes(result) == [] and result.returncode == 0, result.stdout + result.stderr


def test_gbreak_toml_beats_pyproject_in_the_same_directory(run_gbreak, tmp_path):
    make_tree(tmp_path, '[tool.gbreak]\nselect = ["SE"]\n')
    (tmp_path / "gbreak.toml").write_text('select = ["CV"]\n')
    result = run_gbreak("lint", "pkg/m.py", cwd=tmp_path)
    assert codes(result) == ["pkg/m.py CV001"]


def test_pyproject_without_tool_gbreak_is_skipped(run_gbreak, tmp_path):
    make_tree(tmp_path, '[project]\nname = "x"\n')
    result = run_gbreak("lint", "pkg/m.py", cwd=tmp_path)
    assert codes(result) == ["pkg/m.py CV001", "pkg/m.py SE001"]


def test_errors_name_the_file_and_key(run_gbreak, tmp_path):
    make_tree(tmp_path, '[tool.gbreak]\nignored = ["SE001"]\n')
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert result.returncode == 2
    assert "pyproject.toml" in result.stderr and "tool.gbreak.ignored" in result.stderr

    (tmp_path / "pyproject.toml").write_text('[tool.gbreak]\nextend-select = ["ZZ999"]\n')
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert result.returncode == 2
    assert "tool.gbreak.extend-select" in result.stderr and "ZZ999" in result.stderr

    (tmp_path / "pyproject.toml").write_text('[tool.gbreak]\ndynamo-config = { bogus = true }\n')
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert result.returncode == 2 and "bogus" in result.stderr

    (tmp_path / "pyproject.toml").write_text('[tool.gbreak]\nselect = "SE"\n')
    result = run_gbreak("lint", "pkg", cwd=tmp_path)
    assert result.returncode == 2 and "tool.gbreak.select" in result.stderr


def test_suppression_comments(run_gbreak, tmp_path):
    (tmp_path / "m.py").write_text(MODEL.replace('print("a")', 'print("a")  # noqa: SE001')
                                   .replace("x.item()", "x.item()  # gbreak: ignore[SE001]"))
    result = run_gbreak("lint", "m.py", cwd=tmp_path)
    assert codes(result) == ["m.py CV001", "m.py GX100"], result.stdout

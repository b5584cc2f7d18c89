"""The result cache of whole-tree runs (docs/cache.md): the same output with and without it, a
changed file re-analyzed alone while what crosses files is settled afresh, damaged entries
ignored with a warning, concurrent runs, and where it lives."""

import os
import pathlib
import shutil
import subprocess
import time

import pytest

HELPERS = """\
import torch


@torch.compiler.disable
def slow(x):
    return x + 1


def log_it(x):
    print(x)
"""

MODEL = """\
import torch
from torch import nn

from pkg import helpers


class Net(nn.Module):
    def forward(self, x):
        x = helpers.slow(x)
        helpers.log_it(x)
        return x
"""


def run(binary, *args, cwd, cache_dir=None, env_extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GBREAK_CACHE")}
    env.pop("GBREAK_NO_CACHE", None)
    if cache_dir is not None:
        env["GBREAK_CACHE_DIR"] = str(cache_dir)
    env.update(env_extra or {})
    return subprocess.run([binary, "lint", *args], cwd=cwd, capture_output=True, text=True,
                          env=env)


def cache_line(stderr):
    lines = [line for line in stderr.splitlines() if line.startswith("cache: ")]
    assert len(lines) == 1, stderr
    return lines[0]


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    # A later edit within the same second must still be seen: the stat index does not trust a
    # file modified this close to its read, so nothing here needs to sleep.


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "proj"
    write(root / "pkg" / "__init__.py", "")
    write(root / "pkg" / "helpers.py", HELPERS)
    write(root / "pkg" / "model.py", MODEL)
    return root


def findings(result):
    return [line for line in result.stdout.splitlines() if ": " in line and line[0] != " "]


def test_same_output_with_and_without_the_cache_on_the_corpus(gbreak_binary, repo_root,
                                                               tmp_path):
    cache = tmp_path / "cache"
    args = ["corpus", "--exit-zero", "--output-format", "json"]
    plain = run(gbreak_binary, *args, "--no-cache", cwd=repo_root)
    cold = run(gbreak_binary, *args, "-j", "2", "--stats", cwd=repo_root, cache_dir=cache)
    warm = run(gbreak_binary, *args, "-j", "1", "--stats", cwd=repo_root, cache_dir=cache)
    assert plain.returncode == cold.returncode == warm.returncode == 0
    assert plain.stdout and plain.stdout == cold.stdout == warm.stdout
    assert cache_line(cold.stderr).endswith(" 0 files read from it, "
                                            f"{cache_line(cold.stderr).split()[-2]} analyzed")
    assert cache_line(warm.stderr).endswith(", 0 analyzed"), warm.stderr
    assert "read from it" in warm.stderr and not warm.stderr.startswith("gbreak: warning")


def test_a_change_in_one_file_settles_findings_in_the_other(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    first = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert first.returncode == 1
    assert any("pkg/model.py:9:13: EB002" in f for f in findings(first)), first.stdout
    assert any("pkg/helpers.py:10:5: SE001" in f for f in findings(first)), first.stdout
    assert cache_line(first.stderr) == "cache: 0 files read from it, 3 analyzed"

    # The helper is no longer disabled: the caller's file, unchanged and read from the cache,
    # loses its finding.
    write(project / "pkg" / "helpers.py", HELPERS.replace("@torch.compiler.disable\n", ""))
    second = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert not any("EB002" in f for f in findings(second)), second.stdout
    assert any("pkg/helpers.py:9:5: SE001" in f for f in findings(second)), second.stdout
    assert cache_line(second.stderr) == "cache: 2 files read from it, 1 analyzed"
    assert second.stdout == run(gbreak_binary, "pkg", "--no-cache", cwd=project).stdout

    # The caller stops calling log_it: the helper's file, unchanged, loses its print finding.
    write(project / "pkg" / "model.py", MODEL.replace("        helpers.log_it(x)\n", ""))
    third = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert third.returncode == 0, third.stdout
    assert findings(third) == [] or not any("SE001" in f for f in findings(third))
    assert cache_line(third.stderr) == "cache: 2 files read from it, 1 analyzed"

    # Both back as they were: every file's result is in the cache, and the findings come back.
    write(project / "pkg" / "helpers.py", HELPERS)
    write(project / "pkg" / "model.py", MODEL)
    fourth = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert fourth.stdout == first.stdout
    assert cache_line(fourth.stderr) == "cache: 3 files read from it, 0 analyzed"


def test_a_changed_setting_or_rule_selection_is_not_served_from_the_cache(gbreak_binary, project,
                                                                         tmp_path):
    cache = tmp_path / "cache"
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    train = run(gbreak_binary, "pkg", "--mode", "train", "--stats", cwd=project, cache_dir=cache)
    assert cache_line(train.stderr) == "cache: 0 files read from it, 3 analyzed"
    selected = run(gbreak_binary, "pkg", "--select", "SE", "--stats", cwd=project,
                   cache_dir=cache)
    assert cache_line(selected.stderr) == "cache: 0 files read from it, 3 analyzed"
    assert not any("EB002" in f for f in findings(selected))


def test_touching_a_file_without_changing_it_reads_it_from_the_cache(gbreak_binary, project,
                                                                    tmp_path):
    cache = tmp_path / "cache"
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    os.utime(project / "pkg" / "model.py")
    again = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert cache_line(again.stderr) == "cache: 3 files read from it, 0 analyzed"


def test_a_same_size_edit_in_the_same_second_is_seen(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    path = project / "pkg" / "helpers.py"
    stat = path.stat()
    path.write_text(HELPERS.replace("print(x)", "str(x)  "))  # same size
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same mtime
    again = run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    assert not any("SE001" in f for f in findings(again)), again.stdout


def damage(cache, how):
    entries = [p for p in (cache / "entries").rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        data = entry.read_bytes()
        if how == "truncate":
            entry.write_bytes(data[: len(data) // 2])
        elif how == "flip":
            entry.write_bytes(data[:-1] + bytes([data[-1] ^ 0x40]))
        else:
            entry.write_bytes(b"garbage")


@pytest.mark.parametrize("how", ["truncate", "flip", "garbage"])
def test_a_damaged_entry_is_ignored_with_a_warning(gbreak_binary, project, tmp_path, how):
    cache = tmp_path / "cache"
    expected = run(gbreak_binary, "pkg", "--no-cache", cwd=project)
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    damage(cache, how)
    again = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert again.stdout == expected.stdout and again.returncode == expected.returncode
    assert "gbreak: warning: ignoring a corrupt cache entry" in again.stderr, again.stderr
    assert cache_line(again.stderr) == "cache: 0 files read from it, 3 analyzed"
    # The damaged entries were rewritten: the next run reads them without a warning.
    third = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert "warning" not in third.stderr and third.stdout == expected.stdout
    assert cache_line(third.stderr) == "cache: 3 files read from it, 0 analyzed"


def test_a_damaged_index_is_ignored_with_a_warning(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    first = run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    for index in (cache / "index").iterdir():
        index.write_bytes(b"\x93\x01")
    again = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert "ignoring a corrupt cache index" in again.stderr
    assert again.stdout == first.stdout
    assert cache_line(again.stderr) == "cache: 3 files read from it, 0 analyzed"


def test_concurrent_runs_share_the_cache(gbreak_binary, repo_root, tmp_path):
    cache = tmp_path / "cache"
    args = [gbreak_binary, "lint", "corpus", "--exit-zero"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GBREAK_CACHE")}
    env.pop("GBREAK_NO_CACHE", None)
    expected = subprocess.run(args + ["--no-cache"], cwd=repo_root, capture_output=True,
                              text=True, env=env).stdout
    env["GBREAK_CACHE_DIR"] = str(cache)
    runs = [subprocess.Popen(args + ["-j", "1"], cwd=repo_root, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env) for _ in range(4)]
    outputs = [r.communicate() for r in runs]
    for stdout, stderr in outputs:
        assert stdout == expected
        assert "warning" not in stderr, stderr
    assert not [p for p in cache.rglob("*tmp-*")], "temporary files left behind"


def test_where_the_cache_lives(gbreak_binary, project, tmp_path):
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    sub = project / "pkg"
    result = run(gbreak_binary, ".", cwd=sub)
    assert result.returncode == 1
    cache = project / ".gbreak_cache"
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (cache / "CACHEDIR.TAG").read_text().startswith(
        "Signature: 8a477f597d28d172789f06886806bc55")
    assert not (sub / ".gbreak_cache").exists()
    # --cache-dir wins over GBREAK_CACHE_DIR, which wins over the project's directory.
    run(gbreak_binary, ".", "--cache-dir", str(tmp_path / "given"), cwd=sub,
        cache_dir=tmp_path / "env")
    assert (tmp_path / "given" / "entries").is_dir() and not (tmp_path / "env").exists()
    run(gbreak_binary, ".", cwd=sub, cache_dir=tmp_path / "env")
    assert (tmp_path / "env" / "entries").is_dir()


def test_no_cache_writes_nothing(gbreak_binary, project):
    before = sorted(p.relative_to(project) for p in project.rglob("*"))
    run(gbreak_binary, "pkg", "--no-cache", cwd=project)
    run(gbreak_binary, "pkg", cwd=project, env_extra={"GBREAK_NO_CACHE": "1"})
    assert sorted(p.relative_to(project) for p in project.rglob("*")) == before


def test_an_unusable_cache_directory_is_said_and_the_run_goes_on(gbreak_binary, project,
                                                                 tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    expected = run(gbreak_binary, "pkg", "--no-cache", cwd=project)
    result = run(gbreak_binary, "pkg", cwd=project, cache_dir=blocker / "cache")
    assert result.stdout == expected.stdout and result.returncode == expected.returncode
    assert "cannot create the cache directory" in result.stderr
    assert "running without the result cache" in result.stderr


def test_the_cache_stays_under_its_size_bound(gbreak_binary, repo_root, tmp_path):
    cache = tmp_path / "cache"
    expected = run(gbreak_binary, "corpus", "--exit-zero", "--no-cache", cwd=repo_root).stdout
    result = run(gbreak_binary, "corpus", "--exit-zero", cwd=repo_root, cache_dir=cache,
                 env_extra={"GBREAK_CACHE_MAX_MB": "1"})
    assert result.stdout == expected
    size = sum(p.stat().st_size for p in (cache / "entries").rglob("*") if p.is_file())
    assert 0 < size <= 1 << 20
    again = run(gbreak_binary, "corpus", "--exit-zero", cwd=repo_root, cache_dir=cache,
                env_extra={"GBREAK_CACHE_MAX_MB": "1"})
    assert again.stdout == expected


def ledger(cache):
    header, numbers = (cache / "size").read_text().splitlines()
    assert header == "gbreak-cache-size 1"
    total, runs = map(int, numbers.split())
    return total, runs


def entries_size(cache):
    return sum(p.stat().st_size for p in (cache / "entries").rglob("*") if p.is_file())


def test_the_size_ledger_spares_a_walk_and_a_walk_sets_it_right(gbreak_binary, project,
                                                                tmp_path):
    cache = tmp_path / "cache"
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    assert ledger(cache) == (entries_size(cache), 0)  # no ledger yet: the entries were walked
    # A run that stores adds what it wrote, without walking the entries again.
    path = project / "pkg" / "helpers.py"
    path.write_text(path.read_text() + "# changed\n")
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    total, runs = ledger(cache)
    assert runs == 1 and total >= entries_size(cache)
    # A ledger that says the bound is passed (or too many runs added to it) makes a run walk.
    (cache / "size").write_text(f"gbreak-cache-size 1\n{total} 64\n")
    path.write_text(path.read_text() + "# again\n")
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    assert ledger(cache) == (entries_size(cache), 0)
    (cache / "size").write_text("garbage")
    path.write_text(path.read_text() + "# and again\n")
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    assert ledger(cache) == (entries_size(cache), 0)


def test_a_new_package_changes_the_module_and_the_result(gbreak_binary, tmp_path):
    # `from pkg import helpers` resolves only once pkg/ is a package: adding its __init__.py
    # changes the module names of files whose bytes and stat did not change.
    root = tmp_path / "proj"
    write(root / "pkg" / "helpers.py", HELPERS)
    write(root / "pkg" / "model.py", MODEL)
    cache = tmp_path / "cache"
    before = run(gbreak_binary, "pkg", "--stats", cwd=root, cache_dir=cache)
    assert not any("EB002" in f for f in findings(before)), before.stdout
    write(root / "pkg" / "__init__.py", "")
    after = run(gbreak_binary, "pkg", "--stats", cwd=root, cache_dir=cache)
    assert after.stdout == run(gbreak_binary, "pkg", "--no-cache", cwd=root).stdout
    assert any("EB002" in f for f in findings(after)), after.stdout
    assert cache_line(after.stderr) == "cache: 0 files read from it, 3 analyzed"


def test_a_warm_run_reads_the_kept_run(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    first = run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    # Every file's entry removed: a run over the same files still has its kept results, once
    # the files' stat is trusted: last changed (ctime) more than a second before a run read them.
    time.sleep(1.1)
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)  # reads them again, records it
    for entry in (cache / "entries").glob("??/*"):
        entry.unlink()
    again = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert again.stdout == first.stdout
    assert cache_line(again.stderr) == "cache: 3 files read from it, 0 analyzed"


def test_a_warm_run_needs_neither_the_index_nor_any_files_entry(gbreak_binary, project,
                                                                 tmp_path):
    cache = tmp_path / "cache"
    first = run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)
    time.sleep(1.1)
    run(gbreak_binary, "pkg", cwd=project, cache_dir=cache)  # reads them again, records it
    # Touched: the same bytes under a new stat. The run finds the file by its bytes and keeps
    # the run again with the new stat, which the next run compares with.
    os.utime(project / "pkg" / "model.py")
    time.sleep(1.1)
    touched = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert cache_line(touched.stderr) == "cache: 3 files read from it, 0 analyzed"
    shutil.rmtree(cache / "index")
    for entry in (cache / "entries").glob("??/*"):
        entry.unlink()
    again = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert again.stdout == first.stdout
    assert cache_line(again.stderr) == "cache: 3 files read from it, 0 analyzed"
    # A change is still seen without them: the kept run's stat of the file no longer holds.
    path = project / "pkg" / "helpers.py"
    path.write_text(path.read_text().replace("print(x)", "str(x)"))
    changed = run(gbreak_binary, "pkg", "--stats", cwd=project, cache_dir=cache)
    assert changed.stdout == run(gbreak_binary, "pkg", "--no-cache", cwd=project).stdout
    assert cache_line(changed.stderr) == "cache: 0 files read from it, 3 analyzed"


def entry_run(binary, root, cache, *extra):
    return run(binary, "--entry", "pkg.model:Net", "--stats", *extra, cwd=root, cache_dir=cache)


def test_an_entry_run_is_read_back_whole_while_nothing_it_read_changed(gbreak_binary, project,
                                                                       tmp_path):
    cache = tmp_path / "cache"
    # An entry run keeps its result only once the stat of what it read can vouch for it: last
    # changed more than a second before the run.
    time.sleep(1.1)
    cold = entry_run(gbreak_binary, project, cache)
    assert cache_line(cold.stderr) == "cache: 0 files read from it, 2 analyzed"
    warm = entry_run(gbreak_binary, project, cache)
    assert cache_line(warm.stderr) == "cache: 2 files read from it, 0 analyzed"
    without = run(gbreak_binary, "--entry", "pkg.model:Net", "--no-cache", cwd=project)
    assert warm.stdout == cold.stdout == without.stdout
    assert any("helpers.py" in f for f in findings(warm)), warm.stdout
    # Other inputs or configuration are another run: not read back whole, and the file whose
    # entry is now called with its inputs known is checked again (the helpers are handed the
    # same, and read from the cache).
    other = entry_run(gbreak_binary, project, cache, "--inputs", "x")
    assert cache_line(other.stderr) == "cache: 1 files read from it, 1 analyzed"
    assert other.stdout == run(gbreak_binary, "--entry", "pkg.model:Net", "--inputs", "x",
                               "--no-cache", cwd=project).stdout


def test_an_entry_run_sees_a_changed_file_it_read(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    time.sleep(1.1)
    entry_run(gbreak_binary, project, cache)
    assert "2 files read from it" in cache_line(entry_run(gbreak_binary, project, cache).stderr)
    # A library-side fix: the helper no longer prints.
    write(project / "pkg" / "helpers.py", HELPERS.replace("print(x)", "return x"))
    after = entry_run(gbreak_binary, project, cache)
    # The helpers are analyzed again; the model, handed the same by the call graph, is not.
    assert cache_line(after.stderr) == "cache: 1 files read from it, 1 analyzed"
    assert after.stdout == run(gbreak_binary, "--entry", "pkg.model:Net", "--no-cache",
                               cwd=project).stdout
    assert not any("log_it" in f or "print" in f for f in findings(after)), after.stdout


def test_an_entry_run_sees_a_module_added_where_an_import_looked(gbreak_binary, project, tmp_path):
    # `from pkg import extra` resolves to nothing at first; pkg/extra.py added later is read.
    write(project / "pkg" / "model.py", MODEL.replace(
        "from pkg import helpers", "from pkg import extra, helpers").replace(
        "helpers.log_it(x)", "helpers.log_it(x)\n        extra.show(x)"))
    cache = tmp_path / "cache"
    time.sleep(1.1)
    entry_run(gbreak_binary, project, cache)
    before = entry_run(gbreak_binary, project, cache)
    assert "files read from it, 0 analyzed" in cache_line(before.stderr)
    assert not any("extra.py" in f for f in findings(before)), before.stdout
    write(project / "pkg" / "extra.py", "def show(x):\n    print(x)\n")
    after = entry_run(gbreak_binary, project, cache)
    assert any("extra.py" in f for f in findings(after)), after.stdout
    assert after.stdout == run(gbreak_binary, "--entry", "pkg.model:Net", "--no-cache",
                               cwd=project).stdout


def test_a_damaged_entry_run_is_ignored_with_a_warning(gbreak_binary, project, tmp_path):
    cache = tmp_path / "cache"
    time.sleep(1.1)
    cold = entry_run(gbreak_binary, project, cache)
    [kept] = (cache / "entries" / "entry-runs").iterdir()
    whole = kept.read_bytes()
    kept.write_bytes(whole[:-20])  # a truncated write
    again = entry_run(gbreak_binary, project, cache)
    assert again.stdout == cold.stdout
    assert "ignoring a corrupt cache entry" in again.stderr and str(kept.name) in again.stderr
    # Each file's check is still there.
    assert cache_line(again.stderr) == "cache: 2 files read from it, 0 analyzed"
    # ...and the run is kept again, whole.
    assert kept.read_bytes() == whole


SCRIPT = """\
import torch

from pkg import helpers


def step(x):
    return helpers.act(x)


compiled = torch.compile(step)
"""

ACT = """

def act(x, verbose=None):
    if verbose is not None:
        print(x)
    return x
"""


def script_run(binary, root, cache):
    return run(binary, "--entry", "train.py", "--stats", cwd=root, cache_dir=cache)


def test_an_entry_run_after_an_edited_script_parses_only_what_the_edit_changed(gbreak_binary,
                                                                              project, tmp_path):
    """The user edits their script between runs: the library files it reaches are read from the
    cache while the call graph hands them the same, and checked again when it does not (a call
    now passing a parameter that a library branch tests)."""
    write(project / "pkg" / "helpers.py", HELPERS + ACT)
    write(project / "train.py", SCRIPT)
    cache = tmp_path / "cache"

    def same_as_without_cache(result):
        plain = run(gbreak_binary, "--entry", "train.py", cwd=project, env_extra={
            "GBREAK_NO_CACHE": "1"})
        assert result.stdout == plain.stdout
        return findings(result)

    cold = script_run(gbreak_binary, project, cache)
    assert cache_line(cold.stderr) == "cache: 0 files read from it, 2 analyzed"
    assert not any("helpers.py" in f for f in same_as_without_cache(cold)), cold.stdout
    # An edit that changes nothing the helpers are handed: only the script is parsed.
    write(project / "train.py", SCRIPT + "\nprint('ready')\n")
    edited = script_run(gbreak_binary, project, cache)
    assert cache_line(edited.stderr) == "cache: 1 files read from it, 1 analyzed"
    same_as_without_cache(edited)
    # The call now passes `verbose`: the helpers' print runs, and they are checked again.
    write(project / "train.py", SCRIPT.replace("helpers.act(x)", "helpers.act(x, verbose=True)"))
    passing = script_run(gbreak_binary, project, cache)
    assert cache_line(passing.stderr) == "cache: 0 files read from it, 2 analyzed"
    assert any("helpers.py" in f for f in same_as_without_cache(passing)), passing.stdout
    # Back as it was: both halves of both files are found again.
    write(project / "train.py", SCRIPT)
    back = script_run(gbreak_binary, project, cache)
    assert cache_line(back.stderr) == "cache: 2 files read from it, 0 analyzed"
    assert back.stdout == cold.stdout


@pytest.mark.parametrize("library", ["transformers", "diffusers"])
def test_same_findings_with_and_without_the_cache_on_a_library(gbreak_binary, repo_root,
                                                               tmp_path, library):
    """A whole library tree, cold and then warm after one file changed (which rebuilds the
    cross-file graph from the other files' cached summaries), against --no-cache."""
    libs = pathlib.Path(os.environ.get("GBREAK_MODEL_LIBS",
                                       pathlib.Path(repo_root) / ".venv-test" / "model-libs"))
    if not (libs / library).is_dir():
        pytest.skip(f"{library} is not in {libs}: scripts/setup --test installs it")
    tree = tmp_path / library
    shutil.copytree(libs / library, tree)
    cache = tmp_path / "cache"
    args = [library, "--exit-zero", "--select", "ALL", "--output-format", "json-lines"]
    cold = run(gbreak_binary, *args, cwd=tmp_path, cache_dir=cache)
    plain = run(gbreak_binary, *args, "--no-cache", cwd=tmp_path)
    assert cold.returncode == plain.returncode == 0, cold.stderr
    assert len(plain.stdout.splitlines()) > 100 and cold.stdout == plain.stdout
    # Change one file that others import (a utility module), keep the rest.
    changed = min(tree.rglob("utils/*.py"), key=lambda p: str(p))
    changed.write_text(changed.read_text() + "\n\ndef _gbreak_cache_test():\n    print(1)\n")
    warm = run(gbreak_binary, *args, "--stats", cwd=tmp_path, cache_dir=cache)
    plain = run(gbreak_binary, *args, "--no-cache", cwd=tmp_path)
    assert warm.stdout == plain.stdout
    files = int(cache_line(warm.stderr).split()[1])
    assert cache_line(warm.stderr) == f"cache: {files} files read from it, 1 analyzed"


LIBRARY_SCRIPTS = {
    "transformers": ("from transformers import MixtralConfig, MixtralModel\n"
                     "compiled = torch.compile(MixtralModel(MixtralConfig()))\n",
                     "from transformers import Qwen2MoeConfig, Qwen2MoeModel\n"
                     "other = torch.compile(Qwen2MoeModel(Qwen2MoeConfig()))\n"),
    "diffusers": ("from diffusers import UNet2DConditionModel\n"
                  "compiled = torch.compile(UNet2DConditionModel())\n",
                  "from diffusers import AutoencoderKL\n"
                  "other = torch.compile(AutoencoderKL())\n"),
}


@pytest.mark.parametrize("library", ["transformers", "diffusers"])
def test_an_entry_run_into_a_library_after_the_script_changed(gbreak_binary, repo_root,
                                                              tmp_path, library):
    """A script compiling a library model, edited between runs: the same findings as without the
    cache, and the library files it reached read from the cache."""
    libs = pathlib.Path(os.environ.get("GBREAK_MODEL_LIBS",
                                       pathlib.Path(repo_root) / ".venv-test" / "model-libs"))
    if not (libs / library).is_dir():
        pytest.skip(f"{library} is not in {libs}: scripts/setup --test installs it")
    first, second = LIBRARY_SCRIPTS[library]
    script = tmp_path / "train.py"
    cache = tmp_path / "cache"
    args = ["--entry", str(script), "--site-packages", str(libs), "--exit-zero",
            "--output-format", "json-lines"]

    outputs = []

    def check(text):
        script.write_text("import torch\n" + text)
        cached = run(gbreak_binary, *args, "--stats", cwd=tmp_path, cache_dir=cache)
        plain = run(gbreak_binary, *args, "--no-cache", cwd=tmp_path)
        assert cached.returncode == plain.returncode == 0, cached.stderr
        assert cached.stdout == plain.stdout
        outputs.append(cached.stdout)
        return [int(word) for word in cache_line(cached.stderr).split() if word.isdigit()]

    read, analyzed = check(first)
    assert read == 0 and analyzed > 10
    files = analyzed
    # The script alone changed: the library files are read from the cache.
    assert check(first + "print(compiled)\n") == [files - 1, 1]
    # A second model: what it shares with the first is handed more reached code, and checked
    # again; the rest is read from the cache.
    read, analyzed = check(first + second)
    assert read > 0 and analyzed > 1
    assert outputs[-1].strip(), "the two models have findings to compare"

"""Every `gbreak` command the README and docs/*.md show runs as shown.

Each command line in a fenced code block (a `$ ` prompt, a `# comment` and `\\` continuations
allowed) runs with the gbreak under test, in a scratch directory laid out with what the commands
name: `examples/` and `src/` (the bundled example), `run.log` and `trace/` (a recorded TORCH_LOGS
log and TORCH_TRACE directory), `train.py` (a script that compiles the example), and a
site-packages with `mypkg.model:Net`. The machine-specific parts are the only text replaced:
`--python .venv/bin/python` and `.venv-test/model-libs` become the test environment's library
sources, `/path/to/site-packages` the scratch site-packages. A command passes when gbreak exits 0
(clean) or 1 (findings), never 2 (a usage, configuration or I/O error), and prints no error:
a renamed flag, a removed subcommand or an entry the docs promise that no longer resolves fails
here. Commands that need the library sources (`scripts/setup --test`) skip without them.
"""

import glob
import os
import re
import shlex
import shutil
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODEL_LIBS = os.path.join(REPO, ".venv-test", "model-libs")
LOG_CASE = os.path.join(REPO, "tests", "fixtures", "logs", "torch-2.13.0", "print_in_helper")
TRAIN_SCRIPT = ("import torch\n\nfrom model import Block\n\n"
                "model = torch.compile(Block())\nmodel(torch.randn(2, 8, 64))\n")


def documented_commands():
    """(where, command line) for each gbreak command in a fenced block of README.md, docs/*.md."""
    found = []
    for path in [os.path.join(REPO, "README.md")] + sorted(glob.glob(os.path.join(REPO, "docs",
                                                                                 "*.md"))):
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        in_block = False
        pending = None
        for number, line in enumerate(lines, 1):
            if line.startswith("```"):
                in_block, pending = not in_block, None
                continue
            if not in_block:
                continue
            text = line[2:] if line.startswith("$ ") else line
            if pending is not None:
                pending[1] += " " + text.strip()
            elif text.startswith("gbreak "):
                pending = [f"{os.path.relpath(path, REPO)}:{number}", text]
            if pending is not None and not pending[1].rstrip().endswith("\\"):
                found.append(tuple(pending))
                pending = None
            elif pending is not None:
                pending[1] = pending[1].rstrip()[:-1]
    return found


def argv_of(command):
    """The argument list a shell would pass, synopsis brackets (`[PATH ...]`) dropped."""
    command = re.sub(r"\s\[[A-Z][^\]]*\]", "", command)
    command = command.replace(" .venv-test/model-libs", f" {MODEL_LIBS}")
    command = command.replace("--python .venv/bin/python", f"--site-packages {MODEL_LIBS}")
    return shlex.split(command, comments=True)


def needs_library_sources(argv):
    return any(MODEL_LIBS in arg for arg in argv)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    work = tmp_path_factory.mktemp("doc-commands")
    shutil.copytree(os.path.join(REPO, "examples"), work / "examples")
    shutil.copytree(os.path.join(REPO, "examples"), work / "src")
    shutil.copy(os.path.join(LOG_CASE, "graph_breaks.log"), work / "run.log")
    shutil.copytree(os.path.join(LOG_CASE, "trace"), work / "trace")
    shutil.copy(os.path.join(REPO, "examples", "model.py"), work / "model.py")
    (work / "train.py").write_text(TRAIN_SCRIPT, encoding="utf-8")
    package = work / "site" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    with open(os.path.join(REPO, "examples", "model.py"), encoding="utf-8") as f:
        model = f.read() + "\n\nclass Net(Block):\n    pass\n"
    (package / "model.py").write_text(model, encoding="utf-8")
    return work


COMMANDS = documented_commands()


def test_the_docs_show_commands():
    # The extraction itself: README's quick tour and each doc's examples are found.
    where = {w.split(":")[0] for w, _ in COMMANDS}
    assert {"README.md", "docs/logs.md", "docs/outputs.md"} <= where, where
    assert len(COMMANDS) >= 15, COMMANDS


@pytest.mark.parametrize("where,command", COMMANDS, ids=[w for w, _ in COMMANDS])
def test_documented_command_runs(gbreak_binary, scratch, where, command):
    argv = argv_of(command.replace("/path/to/site-packages", str(scratch / "site")))
    if needs_library_sources(argv) and not os.path.isdir(MODEL_LIBS):
        pytest.skip(f"needs the library sources in {MODEL_LIBS} (scripts/setup --test)")
    assert argv[0] == "gbreak", argv
    result = subprocess.run([gbreak_binary, *argv[1:], "--no-cache"] if argv[1] == "lint"
                            else [gbreak_binary, *argv[1:]],
                            cwd=scratch, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 1), (where, command, result.stdout[-2000:],
                                         result.stderr[-2000:])
    assert "error" not in result.stderr.lower(), (where, command, result.stderr[-2000:])

"""`gbreak lint --entry ... --write-patches`: the patch file for library code (issue 18).

A toy library installed in a temporary site-packages (a package and its .dist-info) holds four
breaks gbreak can fix mechanically — a `print` in a method, another in a subclass's method that
calls `super()`, a `logger.warning` in a module-level function imported by name, another in a
module that never imports torch — and an `.item()` that `capture_scalar_outputs` traces. A script compiles a module of it.

Without torch the tests check the file itself: where it is written, what it patches, that it
parses, that each block's SHA-256 is that of the library lines it names, that a multi-line string
keeps its bytes, that the Dynamo setting is set only with --unsafe-fixes, that the bytes do not
depend on the thread count. With torch ($GBREAK_TORCH_PYTHON or .venv-oracle, else skipped with a
message) they run it: the script breaks the graph, its safely patched run only at the `.item()`,
its patched run with --unsafe-fixes not at all, each with equal outputs; and a patch refuses to
apply when the library's source or version is not the one it was made from.
"""

import hashlib
import os
import re
import subprocess

import pytest

LAYERS = '''import logging

import torch
from torch import nn

from .util import note

logger = logging.getLogger(__name__)


def scaled(x):
    note = """first line
second line, not indented"""
    logger.warning("scaling %s (%d)", tuple(x.shape), len(note))
    return x * 2


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 4)

    def forward(self, x):
        print("block input", x.shape)
        y = scaled(self.linear(x))
        peak = y.abs().max().item()
        return y / peak


class Stack(Block):
    def forward(self, x):
        print("stack input")
        return note(super().forward(x) + 1)
'''

# A module that never imports torch: its patched copy gets `torch` from the patch file.
UTIL = '''import logging

logger = logging.getLogger(__name__)


def note(x):
    logger.warning("noted %s", tuple(x.shape))
    return x
'''

TRAIN = '''import torch
from torch._dynamo.utils import counters

from toylib.layers import Stack

torch.manual_seed(0)
model = Stack()
x = torch.randn(2, 4)
expected = model(x)
out = torch.compile(model, backend="eager")(x)
print("BREAKS", sum(counters["graph_break"].values()))
print("EQUAL", bool(torch.allclose(out, expected)))
'''

BLOCK = re.compile(r'@_gbreak_patch\("(?P<module>[^"]+)", "(?P<qualname>[^"]+)", "toylib", '
                   r'"0\.1", \((?P<first>\d+), (?P<last>\d+)\),\s*"(?P<sha>[0-9a-f]{64})"\)')


@pytest.fixture
def project(tmp_path):
    site = tmp_path / "site-packages"
    (site / "toylib").mkdir(parents=True)
    (site / "toylib" / "__init__.py").write_text("")
    (site / "toylib" / "layers.py").write_text(LAYERS)
    (site / "toylib" / "util.py").write_text(UTIL)
    (site / "toylib-0.1.dist-info").mkdir()
    (site / "toylib-0.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toylib\nVersion: 0.1\n")
    work = tmp_path / "project"
    work.mkdir()
    (work / "train.py").write_text(TRAIN)
    return site, work


def write_patches(run_gbreak, site, work, *extra):
    return run_gbreak("lint", "--entry", "train.py", "--site-packages", str(site),
                      "--write-patches", *extra, cwd=str(work))


def test_writes_the_fixed_script_beside_the_script(run_gbreak, project):
    site, work = project
    result = write_patches(run_gbreak, site, work)
    assert result.returncode == 1, result.stderr  # the findings are still reported
    assert ("wrote train_fixed.py: 4 library functions patched (4 findings), 0 Dynamo settings set "
            "(1 more suggested in comments: --unsafe-fixes sets them)") in result.stderr
    text = (work / "train_fixed.py").read_text()
    compile(text, "train_fixed.py", "exec")  # it parses
    blocks = {m["qualname"]: m for m in BLOCK.finditer(text)}
    assert sorted(blocks) == ["Block.forward", "Stack.forward", "note", "scaled"]
    for m in blocks.values():
        library = (site / m["module"].replace(".", "/")).with_suffix(".py")
        lines = b"".join(library.read_bytes().splitlines(keepends=True)[int(m["first"]) - 1:
                                                                        int(m["last"])])
        assert hashlib.sha256(lines).hexdigest() == m["sha"], m["qualname"]
    # util.py binds no `torch`: only its maker takes it (a closure variable for the copy).
    assert text.count("(__class__, torch):\n") == 1
    assert re.search(r'"toylib\.util", "note".*\n.*\ndef _patch_\d\(__class__, torch\):', text)
    # The fixes are the rules' guard edits; the setting that traces the .item() is only suggested.
    assert text.count("if not torch.compiler.is_compiling():") == 4
    assert "\n# torch._dynamo.config.capture_scalar_outputs = True\n" in text
    assert "reorderable_logging_functions" not in text  # the prints are patched instead
    # A module-level function is indented into its maker; its string's second line is not.
    assert '    note = """first line\nsecond line, not indented"""' in text
    assert "toylib 0.1" in text and "runpy.run_path(_script" in text


def test_unsafe_fixes_set_the_dynamo_settings(run_gbreak, project):
    site, work = project
    result = write_patches(run_gbreak, site, work, "--unsafe-fixes")
    assert "4 library functions patched (4 findings), 1 Dynamo setting set;" in result.stderr
    text = (work / "train_fixed.py").read_text()
    assert "\ntorch._dynamo.config.capture_scalar_outputs = True\n" in text


def test_same_bytes_whatever_the_thread_count(run_gbreak, project, tmp_path):
    site, work = project
    outputs = []
    for threads in ("1", "4"):
        target = tmp_path / f"patches-{threads}.py"
        result = write_patches(run_gbreak, site, work, "-j", threads, "--patches-file",
                               str(target))
        assert result.returncode == 1, result.stderr
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]


def test_needs_an_entry(run_gbreak, project):
    _, work = project
    result = run_gbreak("lint", "train.py", "--write-patches", cwd=str(work))
    assert result.returncode == 2
    assert "--write-patches needs --entry" in result.stderr
    assert not (work / "train_fixed.py").exists()


def test_nothing_to_patch_writes_nothing(run_gbreak, project):
    site, work = project
    (site / "toylib" / "layers.py").write_text(
        "from torch import nn\n\n\nclass Stack(nn.Module):\n    def forward(self, x):\n"
        "        return x + 1\n")
    result = write_patches(run_gbreak, site, work)
    assert result.returncode == 0, result.stderr
    assert "nothing to patch" in result.stderr
    assert not (work / "train_fixed.py").exists()


def run_python(python, site, work, script):
    env = dict(os.environ, PYTHONPATH=str(site))
    return subprocess.run([python, script], cwd=str(work), env=env, capture_output=True,
                          text=True, timeout=300)


def breaks(result):
    assert result.returncode == 0, result.stderr
    return int(re.search(r"^BREAKS (\d+)", result.stdout, re.M).group(1))


def test_patched_run_compiles_whole_with_equal_outputs(run_gbreak, project, torch_python):
    site, work = project
    original = breaks(run_python(torch_python, site, work, "train.py"))
    assert original >= 5  # two prints, two logger calls, the .item()
    # The safe patches remove all but the .item()'s break.
    assert write_patches(run_gbreak, site, work).returncode == 1
    safe = run_python(torch_python, site, work, "train_fixed.py")
    assert 0 < breaks(safe) < original and "EQUAL True" in safe.stdout, safe.stdout
    # With the setting too, none is left.
    assert write_patches(run_gbreak, site, work, "--unsafe-fixes").returncode == 1
    patched = run_python(torch_python, site, work, "train_fixed.py")
    assert patched.returncode == 0, patched.stderr
    assert "BREAKS 0\nEQUAL True" in patched.stdout, patched.stdout
    # The eager call still prints and logs: only the compiled trace skips them.
    assert "stack input" in patched.stdout and "scaling (2, 4)" in patched.stderr
    assert "noted (2, 4)" in patched.stderr


def test_refuses_a_changed_source_or_version(run_gbreak, project, torch_python):
    site, work = project
    assert write_patches(run_gbreak, site, work).returncode == 1
    layers = site / "toylib" / "layers.py"
    layers.write_text(LAYERS.replace("return x * 2", "return x * 3"))
    changed = run_python(torch_python, site, work, "train_fixed.py")
    assert changed.returncode != 0
    assert "is not the source of scaled this patch was made from" in changed.stderr
    layers.write_text(LAYERS)
    metadata = site / "toylib-0.1.dist-info" / "METADATA"
    metadata.write_text(metadata.read_text().replace("Version: 0.1", "Version: 0.2"))
    upgraded = run_python(torch_python, site, work, "train_fixed.py")
    assert upgraded.returncode != 0
    assert "generated against toylib 0.1, but 0.2 is installed" in upgraded.stderr

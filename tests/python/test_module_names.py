"""A file's dotted module name comes from the packages above it, wherever gbreak runs from: a
lint of `.` inside a package resolves `from pkg import helpers` as a lint from the top does."""

import subprocess

HELPERS = "import torch\n\n\n@torch.compiler.disable\ndef slow(x):\n    return x + 1\n"
MODEL = ("from torch import nn\n\nfrom pkg import helpers\n\n\nclass Net(nn.Module):\n"
         "    def forward(self, x):\n        return helpers.slow(x)\n")


def lint(binary, cwd, *paths):
    return subprocess.run([binary, "lint", "--no-cache", "--output-format", "concise", *paths],
                          cwd=cwd, capture_output=True, text=True).stdout.splitlines()


def test_the_same_findings_from_inside_the_package(gbreak_binary, tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS)
    (package / "model.py").write_text(MODEL)
    from_top = lint(gbreak_binary, tmp_path, "pkg")
    assert [line.split(": ")[0] for line in from_top if "EB002" in line] == ["pkg/model.py:8:16"]
    from_inside = lint(gbreak_binary, package, ".")
    assert [line.split(": ")[0] for line in from_inside if "EB002" in line] == ["model.py:8:16"]
    from_below = lint(gbreak_binary, package, "model.py", "helpers.py")
    assert any("EB002" in line for line in from_below)

"""Hostile input: every file here must be handled without a crash, each with a clear message."""
import os
import sys

root = sys.argv[1]
FORWARD = "class M:\n    def forward(self, x):\n        print(x)\n"


def write(name, data):
    path = os.path.join(root, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


write("syntax_error.py", b"def f(:\n    pass\n" + FORWARD.encode())
write("latin1_undeclared.py", b"s = 'caf\xe9'\n" + FORWARD.encode())
write("latin1_declared.py", b"# -*- coding: latin-1 -*-\ns = 'caf\xe9'\n" + FORWARD.encode())
write("nul_byte.py", b"x = 1\x00\n" + FORWARD.encode())
write("bom_crlf.py", b"\xef\xbb\xbf" + FORWARD.replace("\n", "\r\n").encode())
write("empty.py", b"")
write("non_ascii_before.py",
      "class M:\n    def forward(self, x):\n        s = 'héllo wörld'; print(s)\n".encode())
# A line of 1 MB before the finding.
write("long_line.py", b"s = '" + b"a" * (1 << 20) + b"'\n" + FORWARD.encode())
# 50 MB: over the default 10 MB limit, so skipped with a warning.
write("huge.py", b"# " + b"x" * (50 << 20) + b"\n" + FORWARD.encode())
# Truncated in the middle of a statement.
write("truncated.py", FORWARD.encode() + b"    def other(self):\n        return foo(1, [2,")
# A symbolic link loop and a broken link.
os.makedirs(os.path.join(root, "pkg"))
write("pkg/inner.py", FORWARD.encode())
os.symlink("..", os.path.join(root, "pkg", "loop"))
os.symlink("missing_target.py", os.path.join(root, "dangling.py"))
# Ignored directories.
write(".venv/lib/x.py", FORWARD.encode())
write("__pycache__/x.py", FORWARD.encode())

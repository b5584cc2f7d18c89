"""A 50 MB file is analyzed when the limit allows it: the finding after it is still found."""
import os
import sys

with open(os.path.join(sys.argv[1], "huge.py"), "wb") as f:
    f.write(b"DATA = '''\n")
    line = b"x" * 99 + b"\n"
    for _ in range((50 << 20) // len(line)):
        f.write(line)
    f.write(b"'''\nclass M:\n    def forward(self, x):\n        print(x)\n")

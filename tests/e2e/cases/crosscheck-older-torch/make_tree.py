"""The constructed torch 2.5/2.6-era and 2.1-era logs, which name /home/ci/proj/model.py."""
import os
import shutil
import sys

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "fixtures", "logs",
                   "older-torch")
for name in ("torch26_reason.log", "torch21_old_prefix.log", "fullgraph_stderr.log"):
    shutil.copy(os.path.join(SRC, name), os.path.join(sys.argv[1], name))

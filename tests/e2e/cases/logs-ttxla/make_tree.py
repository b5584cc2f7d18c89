"""Copies the constructed tt-xla fixtures into the run directory."""
import os
import shutil
import sys

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "fixtures", "logs", "ttxla")
for name in os.listdir(SRC):
    if name.endswith(".log"):
        shutil.copy(os.path.join(SRC, name), os.path.join(sys.argv[1], name))

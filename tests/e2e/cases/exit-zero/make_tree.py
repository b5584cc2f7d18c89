"""The bundled example (examples/), as the README's first command shows it."""
import os
import shutil
import sys

repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
shutil.copytree(os.path.join(repo, "examples"), os.path.join(sys.argv[1], "examples"))

"""The same tree as the crosscheck-lint case (three corpus cases with their real torch 2.13 logs)."""
import os
import runpy

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crosscheck-lint",
                            "make_tree.py"), run_name="__main__")

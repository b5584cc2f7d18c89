"""The crosscheck-lint tree: three corpus cases laid out as a user's repo, with their torch 2.13
logs. conversions/item_mid_forward.py has a CV001 finding, which shows if `.` gets linted."""
import os
import runpy

HERE = os.path.dirname(os.path.abspath(__file__))
runpy.run_path(os.path.join(HERE, "..", "crosscheck-lint", "make_tree.py"), run_name="__main__")

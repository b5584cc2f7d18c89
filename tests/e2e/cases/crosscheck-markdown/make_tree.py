"""Three corpus cases laid out as a user's repo, with the real torch 2.13 logs of their runs
(which name the files by absolute paths on the machine that ran them)."""
import glob
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
LOGS = os.path.join(ROOT, "tests", "fixtures", "logs", "torch-2.13.0")
out = sys.argv[1]
for case, path in (("item_mid_forward", "conversions/item_mid_forward.py"),
                   ("if_tensor_sum", "control_flow/if_tensor_sum.py"),
                   ("print_in_helper", "side_effects/print_in_helper.py")):
    os.makedirs(os.path.join(out, os.path.dirname(path)), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "corpus", path), os.path.join(out, path))
    os.makedirs(os.path.join(out, "logs", case))
    shutil.copy(os.path.join(LOGS, case, "graph_breaks.log"), os.path.join(out, "logs", case))
    trace = sorted(glob.glob(os.path.join(LOGS, case, "trace", "*.log")))[0]
    shutil.copy(trace, os.path.join(out, "logs", case, "trace.log"))

"""Copies real torch 2.13 logs of one multi-file case (its TORCH_TRACE file under a fixed name)."""
import glob
import os
import shutil
import sys

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "fixtures", "logs",
                   "torch-2.13.0")
out = sys.argv[1]
for case in ("toy_llama_pkg", "step_counter_attribute"):
    os.makedirs(os.path.join(out, case, "trace"))
    for name in ("graph_breaks.log", "recompiles.log"):
        if os.path.exists(os.path.join(SRC, case, name)):
            shutil.copy(os.path.join(SRC, case, name), os.path.join(out, case, name))
    trace = sorted(glob.glob(os.path.join(SRC, case, "trace", "*.log")))[0]
    shutil.copy(trace, os.path.join(out, case, "trace", "dedicated_log_torch_trace.log"))

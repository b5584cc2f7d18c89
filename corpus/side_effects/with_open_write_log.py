"""`with open(path, "w") as f: f.write(...)` in a compiled function: the file object is an unsupported
context manager, so Dynamo cannot resume after the break and the whole frame runs eagerly."""
import os

import torch


@torch.compile(backend="eager")
def step(x):
    y = x.cumsum(0)
    # ruleid: SE009
    with open(os.devnull, "w") as f:
        f.write("step done\n")
    return y * 2


def gbreak_case():
    return step, [(torch.arange(4.0),)]

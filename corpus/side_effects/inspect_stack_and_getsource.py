"""`inspect.stack()` and `inspect.getsource()` in the compiled region both break (frame objects and file
reads cannot be traced)."""
import inspect

import torch


def helper(x):
    return x.relu()


@torch.compile(backend="eager")
def annotated(x):
    # ruleid: SE006
    callers = inspect.stack()
    y = helper(x)
    # ruleid: SE006
    src = inspect.getsource(helper)
    return y * 2


def gbreak_case():
    return annotated, [(torch.randn(4),)]

"""Other skipped C functions in the region: `os.getpid()` and Python's `random.random()` (a method of the
C `Random` object). Both break. Reading `os.environ.get(...)` is traced and does not."""
import os
import random

import torch


@torch.compile(backend="eager")
def dropout_like(x):
    # ok: SE007
    if os.environ.get("GBREAK_TOY_DISABLE_DROPOUT"):
        return x
    # ruleid: SE007
    pid = os.getpid()
    # ruleid: SE007
    p = random.random()
    return x * (torch.rand_like(x) > p)


def gbreak_case():
    return dropout_like, [(torch.randn(6),)]

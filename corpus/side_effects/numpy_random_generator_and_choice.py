"""`np.random.default_rng()` and `np.random.choice(...)` in a compiled function both break."""
import numpy as np
import torch


@torch.compile(backend="eager")
def random_crop(x):
    # ruleid: SE008
    rng = np.random.default_rng(0)
    # ruleid: SE008
    start = np.random.choice(2)
    return x[start:start + 2]


def gbreak_case():
    return random_crop, [(torch.arange(6.0),)]

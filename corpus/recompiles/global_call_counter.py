"""A module-level call counter bumped with `global` inside a compiled function: the global int is
guarded by value, so each call recompiles."""
import torch

CALLS = 0


@torch.compile(backend="eager")
def counted_relu(x):
    global CALLS
    # ruleid: RC001
    CALLS += 1
    return torch.relu(x) * CALLS


def gbreak_case():
    x = torch.randn(3)
    return counted_relu, [(x,), (x,), (x,)]

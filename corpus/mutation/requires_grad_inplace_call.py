"""`x.requires_grad_(True)` on an input inside the compiled region: Dynamo does not support changing
`requires_grad` through `requires_grad_()` (GB0125) and breaks."""
import torch


@torch.compile(backend="eager")
def make_leaf(x):
    # ruleid: MU001
    x.requires_grad_(True)
    y = x * 2
    return y.sum()


def gbreak_case():
    return make_leaf, [(torch.randn(3),)]

"""`mask.nonzero(as_tuple=True)` (method form) breaks like `torch.nonzero`."""
import torch


@torch.compile(backend="eager")
def scatter_positions(scores):
    mask = scores > 0.5
    # ruleid: DS001
    rows, cols = mask.nonzero(as_tuple=True)
    return rows * 10 + cols


def gbreak_case():
    return scatter_positions, [(torch.tensor([[0.9, 0.1], [0.2, 0.7]]),)]

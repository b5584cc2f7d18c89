"""Surprise in Dynamo 2.13: assigning `.data` of a parameter or input (tensors created outside the region)
inside `forward` is traced without a break, and so are `.data` reads and `p.data.copy_()` /
`p.data.clamp_()` (weight clipping, EMA updates)."""
import torch
import torch.nn as nn


class ClippedLinear(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        # ok: MU002
        self.lin.weight.data = self.lin.weight.data.clamp(-1.0, 1.0)
        # ok: MU002
        self.lin.bias.data.clamp_(-0.5, 0.5)
        # ok: MU002
        scale = x.data.abs().max()
        return self.lin(x) / scale


def gbreak_case():
    return ClippedLinear(), [(torch.randn(2, 3),)]

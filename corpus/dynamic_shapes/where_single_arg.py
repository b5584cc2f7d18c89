"""One-argument `torch.where(cond)` is `nonzero(as_tuple=True)`: data-dependent shape, breaks."""
import torch
import torch.nn as nn


class Gather(nn.Module):
    def forward(self, x, mask):
        # ruleid: DS002
        (idx,) = torch.where(mask)
        return x[idx] * 2


def gbreak_case():
    return Gather(), [(torch.arange(5.0), torch.tensor([True, False, True, False, True]))]

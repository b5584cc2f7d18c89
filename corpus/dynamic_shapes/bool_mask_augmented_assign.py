"""`x[mask] += 1` reads `x[mask]` first (a data-dependent shape) before writing it back: unlike a plain
`x[mask] = value`, it breaks."""
import torch
import torch.nn as nn


class BumpMasked(nn.Module):
    def forward(self, x, mask):
        x = x.clone()
        # ruleid: DS005
        x[mask] += 1.0
        return x


def gbreak_case():
    return BumpMasked(), [(torch.zeros(4), torch.tensor([True, False, True, False]))]

"""`x[mask] = y[mask]`: the right side is a boolean-mask read, which breaks (data-dependent shape);
the break is attributed to the whole statement's line."""
import torch
import torch.nn as nn


class Overwrite(nn.Module):
    def forward(self, x, y, mask):
        x = x.clone()
        # ruleid: DS004
        x[mask] = y[mask]
        return x


def gbreak_case():
    return Overwrite(), [(torch.zeros(4), torch.arange(4.0), torch.tensor([True, False, True, False]))]

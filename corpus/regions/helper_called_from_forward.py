"""A helper function called from `forward` is inlined by Dynamo: its `.item()` breaks and the break is
reported on the helper's line. The sibling helper that nothing calls does not matter."""
import torch
import torch.nn as nn


def dynamic_range(t):
    # ruleid: CV001
    return t.max().item() - t.min().item()


def unused_range(t):
    # ok: CV001
    return t.max().item() - t.min().item()


class Quantize(nn.Module):
    def forward(self, x):
        r = dynamic_range(x)
        return torch.round(x / r * 255)


def gbreak_case():
    return Quantize(), [(torch.arange(4.0),)]

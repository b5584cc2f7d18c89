"""`.item()` in the middle of `forward` (dynamic scaling by the max magnitude) breaks the graph."""
import torch
import torch.nn as nn


class DynamicScale(nn.Module):
    def forward(self, x):
        # ruleid: CV001
        amax = x.abs().max().item()
        scale = 127.0 / max(amax, 1e-8)
        return torch.round(x * scale) / scale


def gbreak_case():
    return DynamicScale(), [(torch.arange(6.0) - 3,)]

"""The traceable way to build the padding mask: `torch.arange(x.shape[1])` uses a Python size, no break."""
import torch
import torch.nn as nn


class PadMask(nn.Module):
    def forward(self, x, lengths):
        # ok: CV008
        positions = torch.arange(x.shape[1], device=x.device)
        mask = positions[None, :] < lengths[:, None]
        return x * mask


def gbreak_case():
    return PadMask(), [(torch.ones(2, 5), torch.tensor([2, 4]))]

"""Branches on shapes, sizes, `dim()`, `ndim`, `len(x)` and `numel()` are guards, not breaks."""
import torch
import torch.nn as nn


class Reshaper(nn.Module):
    def forward(self, x):
        # ok: CF001
        if x.shape[0] > 8:
            x = x[:8]
        # ok: CF001
        if x.size(1) % 2 == 1:
            x = torch.nn.functional.pad(x, (0, 1))
        # ok: CF001
        if x.dim() == 2 and x.ndim == 2:
            x = x.unsqueeze(0)
        # ok: CF001
        if len(x) == 1:
            x = x.squeeze(0)
        # ok: CF001
        if x.numel() == 0:
            return x
        return x * 2


def gbreak_case():
    return Reshaper(), [(torch.ones(10, 3),)]

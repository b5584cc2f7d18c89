"""Slices bounded by shapes, attributes and Python arithmetic are static: no break."""
import torch
import torch.nn as nn


class SlidingWindow(nn.Module):
    def __init__(self):
        super().__init__()
        self.window = 3

    def forward(self, x):
        half = x.shape[1] // 2
        # ok: CV007
        left = x[:, :half]
        # ok: CV007
        recent = x[:, -self.window :]
        # ok: CV007
        return left.sum(-1) + recent.sum(-1) + x[:, half : half + 1].squeeze(-1)


def gbreak_case():
    return SlidingWindow(), [(torch.ones(2, 8),)]

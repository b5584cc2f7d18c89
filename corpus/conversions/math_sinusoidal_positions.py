"""Transformer sinusoidal position encoding: `math.log(10000.0)` is a constant and the rest is tensor
code: no break."""
import math
import torch
import torch.nn as nn


class SinusoidalPositions(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        pos = torch.arange(x.shape[1], dtype=torch.float32).unsqueeze(1)
        # ok: CV005
        div = torch.exp(torch.arange(0, self.dim, 2).float() * (-math.log(10000.0) / self.dim))
        pe = torch.zeros(x.shape[1], self.dim)
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        return x + pe


def gbreak_case():
    return SinusoidalPositions(), [(torch.ones(2, 5, 8),)]

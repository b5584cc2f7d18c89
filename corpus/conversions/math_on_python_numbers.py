"""`math.*` on Python numbers (head dim, sequence length, pi) is constant-folded: no break."""
import math
import torch
import torch.nn as nn


class ScaledDotProduct(nn.Module):
    def __init__(self):
        super().__init__()
        self.head_dim = 8

    def forward(self, q, k):
        # ok: CV005
        scores = q @ k.transpose(-1, -2) / math.sqrt(self.head_dim)
        # ok: CV005
        scores = scores - math.log(k.shape[-2])
        # ok: CV005
        return scores * math.cos(math.pi / 4)


def gbreak_case():
    return ScaledDotProduct(), [(torch.ones(1, 3, 8), torch.ones(1, 3, 8))]

"""An attribute set in forward from a tensor (not in __init__) holds a tensor: branching on it
breaks."""
import torch
from torch import nn


class Running(nn.Module):
    def forward(self, x):
        self.total = x.sum()
        # ruleid: CF001
        if self.total > 0:
            return x + 1
        return x - 1


def gbreak_case():
    return Running(), [(torch.ones(3),)]

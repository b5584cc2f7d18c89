"""Buffers registered with nn.Buffer are tensors: indexing one with a tensor is traced, branching on
one of its values breaks."""
import torch
from torch import nn


class Lookup(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Buffer(torch.randn(10, 4))
        self.probs = nn.Buffer(torch.ones(3))

    def forward(self, ids):
        # ok: CV007
        x = self.table[ids]
        # ruleid: CF001
        if self.probs[1] > 0:
            x = x + 1
        return x


def gbreak_case():
    return Lookup(), [(torch.tensor([1, 2]),)]

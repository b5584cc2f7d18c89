"""A module whose `forward` computes its own auxiliary loss and calls `.backward()` on it (test-time
adaptation style): the call breaks."""
import torch
import torch.nn as nn


class Adapt(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        out = self.lin(x)
        aux = out.pow(2).mean()
        # ruleid: UO002
        aux.backward()
        return out.detach()


def gbreak_case():
    return Adapt(), [(torch.randn(3, 4),)]

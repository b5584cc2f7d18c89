"""A float hyper-parameter annealed inside `forward` (`self.tau *= 0.9`, Gumbel-softmax style): the float
attribute is specialized like an int, so each call changes it and forces a recompile."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class GumbelGate(nn.Module):
    def __init__(self):
        super().__init__()
        self.tau = 1.0
        self.logits = nn.Linear(6, 3)

    def forward(self, x):
        y = F.softmax(self.logits(x) / self.tau, dim=-1)
        # ruleid: RC001
        self.tau *= 0.9
        return y


def gbreak_case():
    x = torch.randn(2, 6)
    return GumbelGate(), [(x,), (x,), (x,)]

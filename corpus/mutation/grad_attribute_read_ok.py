"""Reading autograd metadata in `forward` (`p.requires_grad`, `p.grad is None`, `x.is_leaf`) and detaching
are guards or plain tensor ops, not mutations Dynamo rejects."""
import torch
import torch.nn as nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        w = self.lin.weight
        # ok: MU001
        frozen = not w.requires_grad
        # ok: MU002
        fresh = w.grad is None
        y = self.lin(x.detach())
        return y * 2 if (frozen or fresh) else y


def gbreak_case():
    return Probe(), [(torch.randn(2, 3),)]

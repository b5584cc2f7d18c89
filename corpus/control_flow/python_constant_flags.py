"""Module-level Python constants and class attributes in tests are constants for Dynamo: no break."""
import torch
import torch.nn as nn

USE_GELU = True
EPS = 1e-5


class Block(nn.Module):
    residual = False

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        # ok: CF001
        if USE_GELU:
            h = torch.nn.functional.gelu(h)
        # ok: CF001
        if EPS > 0 and not self.residual:
            h = h / (h.norm(dim=-1, keepdim=True) + EPS)
        return h


def gbreak_case():
    return Block(), [(torch.ones(2, 4),)]

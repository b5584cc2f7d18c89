"""Oracle self-test: shape-based control flow and a tensor assert do not break: one graph."""
import torch
import torch.nn as nn


class Clean(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ok: CF001
        if x.shape[0] > 1:
            x = self.lin(x)
        # ok: CF002
        assert (x == x).all()
        return x.relu()


def gbreak_case():
    return Clean(), [(torch.ones(2, 4),)]

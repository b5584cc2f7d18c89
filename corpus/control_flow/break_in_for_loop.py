"""A data-dependent `if` inside a `for` loop: Dynamo breaks at the `if` and, since the break is in a
loop, skips the whole `forward` frame (it runs eagerly)."""
import torch
import torch.nn as nn


class ResidualStack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(3))

    def forward(self, x):
        for layer in self.layers:
            h = layer(x)
            # ruleid: CF001
            if h.abs().mean() < 10:
                x = x + h
        return x


def gbreak_case():
    torch.manual_seed(0)
    return ResidualStack(), [(torch.ones(2, 4),)]

"""Prints in `__init__` and in a method that `forward` never calls are outside the compiled region;
the forward itself is clean."""
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, dims):
        super().__init__()
        # ok: SE001
        print(f"building MLP with dims {dims}")
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def describe(self):
        # ok: SE001
        print(self)

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


def gbreak_case():
    return MLP([4, 8, 2]), [(torch.randn(3, 4),)]

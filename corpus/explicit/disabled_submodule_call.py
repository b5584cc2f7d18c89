"""A whole submodule wrapped with `torch.compiler.disable(module)`-style disabling of its `forward`
(`self.block.forward = torch.compiler.disable(self.block.forward)` in `__init__`): calling the submodule
from the compiled forward breaks where it is called."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).relu()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.block.forward = torch.compiler.disable(self.block.forward)
        self.head = nn.Linear(4, 2)

    def forward(self, x):
        # ruleid: EB002
        h = self.block(x)
        return self.head(h)


def gbreak_case():
    return Model(), [(torch.randn(2, 4),)]

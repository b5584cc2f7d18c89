"""A method of the module decorated with `@torch.compiler.disable` (the diffusers/accelerate hook
pattern): `self.method(...)` from `forward` breaks at the call."""
import torch
import torch.nn as nn


class Offloaded(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.moves = 0

    @torch.compiler.disable
    def onload(self, x):
        self.moves += 1
        return x.contiguous()

    def forward(self, x):
        # ruleid: EB002
        x = self.onload(x)
        return self.lin(x)


def gbreak_case():
    return Offloaded(), [(torch.randn(2, 4),)]

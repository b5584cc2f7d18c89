"""A disabled function that is defined (and used by eager code) but never called from the compiled
region: no break. Likewise a disabled function called only outside the region."""
import torch
import torch.nn as nn


@torch.compiler.disable
def debug_dump(x):
    return x.tolist()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        return self.lin(x)


def inspect_outputs(model, x):
    # ok: EB002
    return debug_dump(model(x))


def gbreak_case():
    return Model(), [(torch.randn(2, 3),)]

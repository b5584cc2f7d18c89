"""A `print` inside a `@torch.compiler.disable`d function is never traced (no SE001 there); what breaks is
the call to the disabled function (EB002)."""
import torch
import torch.nn as nn


@torch.compiler.disable
def report(t):
    # ok: SE001
    print("activation mean", t.mean().item())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        y = self.lin(x)
        # ruleid: EB002
        report(y)
        return y.relu()


def gbreak_case():
    return Model(), [(torch.randn(2, 3),)]

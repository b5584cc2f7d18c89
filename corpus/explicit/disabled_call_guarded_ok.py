"""A `@torch.compiler.disable`d helper called only under `if not torch.compiler.is_compiling():` (an
eager-mode sanity check): the guarded call is dropped while tracing, so it never breaks."""
import torch
import torch.nn as nn


@torch.compiler.disable
def check_finite(t):
    if not torch.isfinite(t).all():
        raise ValueError("non-finite activations")


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        y = self.lin(x)
        if not torch.compiler.is_compiling():
            # ok: EB002
            check_finite(y)
        return y


def gbreak_case():
    return Model(), [(torch.randn(2, 4),)]

"""`or` whose left operand is a Python `True` short-circuits: the tensor operand is never evaluated, so
Dynamo never sees it and does not break (it guards on the attribute instead)."""
import torch
import torch.nn as nn


class MaybeRenorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.always_renorm = True

    def forward(self, x):
        # ok: CF001
        if self.always_renorm or x.norm() > 1:
            x = x / (x.norm() + 1e-6)
        return x


def gbreak_case():
    return MaybeRenorm(), [(torch.arange(4.0),)]

"""Calling a function decorated with `@torch.compiler.disable` from `forward`: the decorated body runs
eagerly and the *call site* is one graph break (GB0098); the body itself is not traced."""
import torch
import torch.nn as nn


@torch.compiler.disable
def custom_kernel(x):
    return x.cumsum(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre = nn.Linear(4, 4)

    def forward(self, x):
        h = self.pre(x)
        # ruleid: EB002
        h = custom_kernel(h)
        return h.relu()


def gbreak_case():
    return Model(), [(torch.randn(2, 4),)]

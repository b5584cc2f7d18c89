"""Hooks registered in `__init__` (outside the region) run inside the compiled forward without a break;
`Tensor.register_hook` on an intermediate inside forward is also traced by Dynamo 2.13 (the hook
becomes part of the backward)."""
import torch
import torch.nn as nn


class GradScaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.stats = []
        # ok: MU004
        self.lin.register_forward_hook(lambda m, i, o: o * 1.0)

    def forward(self, x):
        h = self.lin(x)
        # ok: MU004
        h.register_hook(lambda g: g * 0.5)
        return h.relu()


def gbreak_case():
    return GradScaled(), [(torch.randn(2, 4, requires_grad=True),)]

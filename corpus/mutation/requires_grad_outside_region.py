"""Look-alikes that do not break: `requires_grad` set in `__init__` and on inputs before the call (outside
the region), and `x.requires_grad` only *read* in forward (a guarded constant)."""
import torch
import torch.nn as nn


class Adapter(nn.Module):
    def __init__(self):
        super().__init__()
        self.base = nn.Linear(4, 4)
        self.lora = nn.Linear(4, 4, bias=False)
        for p in self.base.parameters():
            # ok: MU001
            p.requires_grad = False
        # ok: MU001
        self.lora.weight.requires_grad_(True)

    def forward(self, x):
        # ok: MU001
        if x.requires_grad:
            x = x * 1.0
        return self.base(x) + self.lora(x)


def gbreak_case():
    x = torch.randn(2, 4)
    # ok: MU001
    x.requires_grad_()
    return Adapter(), [(x,)]

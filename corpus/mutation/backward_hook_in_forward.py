"""`register_full_backward_hook` in `forward` (gradient logging installed lazily): the registration
breaks, and calling the hooked module breaks again because module-level backward hooks require
compiled autograd (GB0083)."""
import torch
import torch.nn as nn


class GradLogged(nn.Module):
    def __init__(self):
        super().__init__()
        self.b = nn.Linear(3, 3)

    def forward(self, y):
        # ruleid: MU004
        self.b.register_full_backward_hook(lambda m, gi, go: None)
        # ruleid: MU004
        return self.b(y)


def gbreak_case():
    return GradLogged(), [(torch.randn(2, 3),)]

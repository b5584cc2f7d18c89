"""A gradient-logging backward hook registered once in `__init__` on a submodule: calling that
submodule from the compiled `forward` breaks there, because module-level backward hooks need
compiled autograd (GB0083)."""
import torch
import torch.nn as nn


class GradLogged(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)
        self.b = nn.Linear(3, 3)
        self.b.register_full_backward_hook(lambda m, gi, go: None)

    def forward(self, y):
        # ok: MU004
        h = self.a(y)
        # ruleid: MU004
        return self.b(h)


def gbreak_case():
    return GradLogged(), [(torch.randn(2, 3),)]

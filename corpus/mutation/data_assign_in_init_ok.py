"""Weight initialisation through `.data` in `__init__` / `reset_parameters` (the usual place) is outside the
compiled region."""
import torch
import torch.nn as nn


class Init(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.reset_parameters()

    def reset_parameters(self):
        # ok: MU002
        self.proj.weight.data = torch.eye(4)
        self.proj.bias.data.zero_()

    def forward(self, x):
        return self.proj(x)


def gbreak_case():
    return Init(), [(torch.randn(2, 4),)]

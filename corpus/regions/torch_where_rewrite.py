"""The data-dependent branch rewritten branch-free with `torch.where`: both sides are computed and
selected elementwise, no break."""
import torch
import torch.nn as nn


class SignSwitch(nn.Module):
    def forward(self, x):
        y = x * 2
        # ok: CF001
        return torch.where(y.sum() > 0, y.sin(), y.cos())


def gbreak_case():
    return SignSwitch(), [(torch.arange(8.0),)]

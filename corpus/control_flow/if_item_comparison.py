"""`if x.max().item() > 0:` — the conversion `.item()` breaks first (CV001); the `if` itself then runs
on a Python float in the resumed frame."""
import torch
import torch.nn as nn


class Threshold(nn.Module):
    def forward(self, x):
        # ruleid: CV001
        if x.max().item() > 2:
            x = x - 2
        return x


def gbreak_case():
    return Threshold(), [(torch.arange(5.0),)]

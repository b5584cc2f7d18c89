"""An `if` on a shape is a guard, but the `elif` that follows tests a tensor value and breaks."""
import torch
import torch.nn as nn


class Normalizer(nn.Module):
    def forward(self, x):
        # ok: CF001
        if x.shape[-1] == 1:
            return x
        # ruleid: CF001
        elif x.abs().max() > 10:
            x = x / x.abs().max()
        return x * 0.5


def gbreak_case():
    return Normalizer(), [(torch.arange(16.0).reshape(2, 8),)]

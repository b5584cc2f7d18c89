"""A tensor comparison used as a value (multiplied in, or fed to `torch.where`) is not a branch: no break."""
import torch
import torch.nn as nn


class Gate(nn.Module):
    def forward(self, x):
        positive = x.sum(-1, keepdim=True) > 0
        # ok: CF001
        y = x * positive
        # ok: CF001
        z = torch.where(x > 0, x, 0.1 * x)
        return y + z


def gbreak_case():
    return Gate(), [(torch.arange(6.0).reshape(2, 3) - 3,)]

"""A conditional expression whose test is a tensor value breaks, just like an `if` statement."""
import torch
import torch.nn as nn


class FlipIfNegative(nn.Module):
    def forward(self, x):
        h = x - 0.5
        # ruleid: CF001
        h = h if h.mean() > 0 else -h
        return h.relu()


def gbreak_case():
    return FlipIfNegative(), [(torch.arange(6.0),)]

"""`and` in a test: the left operand is a shape guard, the right one is a tensor value, so the test breaks."""
import torch
import torch.nn as nn


class ClampLarge(nn.Module):
    def forward(self, x):
        # ruleid: CF001
        if x.shape[0] > 1 and x.max() > 3:
            x = x.clamp(max=3)
        return x + 1


def gbreak_case():
    return ClampLarge(), [(torch.arange(8.0),)]

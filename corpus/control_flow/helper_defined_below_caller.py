# A module-level helper defined below the class that calls it, and fed a value bound later in
# the loop than the call: the helper's parameter is a tensor from the second iteration on.
# (gbreak once lost it: it analyzed the helper while still reading `forward`, and kept that.)
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        total = None
        for step in range(2):
            # ok: CF001
            if step > 0:
                x = double_if_positive(total, x)
            total = x.sum()
        return x


def double_if_positive(total, x):
    # ruleid: CF001
    if total > 0:
        return x * 2
    return x


def gbreak_case():
    return Model(), [(torch.ones(4),)]

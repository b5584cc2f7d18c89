"""`copy.deepcopy` of a tensor inside `forward` (e.g. to snapshot an input): Dynamo refuses to deepcopy
tensors (GB4198) and breaks at the call."""
import copy

import torch
import torch.nn as nn


class EMAUpdate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ruleid: SE004
        snapshot = copy.deepcopy(x)
        y = self.lin(x)
        return y + 0.1 * snapshot


def gbreak_case():
    return EMAUpdate(), [(torch.randn(2, 4),)]

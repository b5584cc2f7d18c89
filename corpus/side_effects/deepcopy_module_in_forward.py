"""Cloning a submodule with `copy.deepcopy(self.head)` inside `forward` (a "frozen teacher" pattern):
the module holds parameter tensors, so the deepcopy breaks."""
import copy

import torch
import torch.nn as nn


class SelfDistill(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3)

    def forward(self, x):
        # ruleid: SE004
        teacher = copy.deepcopy(self.head)
        with torch.no_grad():
            t = teacher(x)
        return self.head(x) - t


def gbreak_case():
    return SelfDistill(), [(torch.randn(2, 4),)]

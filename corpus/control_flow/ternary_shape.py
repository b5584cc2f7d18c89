"""A conditional expression on a shape or a Python attribute is resolved at trace time: no break."""
import torch
import torch.nn as nn


class Pool(nn.Module):
    def __init__(self):
        super().__init__()
        self.use_max = False

    def forward(self, x):
        # ok: CF001
        x = x.flatten(1) if x.dim() > 2 else x
        # ok: CF001
        return x.amax(-1) if self.use_max else x.mean(-1)


def gbreak_case():
    return Pool(), [(torch.ones(2, 3, 4),)]

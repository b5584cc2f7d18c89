"""A numpy scalar a constructor stores (`i < np.log2(ratio)` is an np.bool_, `np.sqrt(d)` an
np.float64) is read by Dynamo as a 0-d ndarray, i.e. tensor data: branching on the attribute in
forward breaks the graph, even through a conditional expression. The same flag made with Python's
own `math.log2`, or converted with bool()/float(), is a constant Dynamo folds."""
import math

import numpy as np
import torch
from torch import nn


class Upsample(nn.Module):
    def __init__(self, channels: int, add_temporal: bool = True, scale: float = 1.0):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 1)
        self.add_temporal = add_temporal
        self.scale = scale

    def forward(self, x):
        # ruleid: CF001
        r = 2 if self.add_temporal else 1
        x = self.conv(x) * r
        # ruleid: CF001
        if self.add_temporal:
            x = x * self.scale
        return x


class PlainUpsample(nn.Module):
    def __init__(self, channels: int, add_temporal: bool = True):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 1)
        self.add_temporal = add_temporal

    def forward(self, x):
        # ok: CF001
        if self.add_temporal:
            x = x * 2
        return self.conv(x)


class Decoder(nn.Module):
    def __init__(self, ratio: int = 4):
        super().__init__()
        self.ups = nn.ModuleList()
        for i in range(2):
            add_temporal = i < np.log2(ratio)
            self.ups.append(Upsample(4, add_temporal=add_temporal))
        self.plain = nn.ModuleList(
            [PlainUpsample(4, add_temporal=i < math.log2(ratio)) for i in range(2)]
            + [PlainUpsample(4, add_temporal=bool(np.log2(ratio) > 1))])

    def forward(self, x):
        for up in self.ups:
            x = up(x)
        for up in self.plain:
            x = up(x)
        return x


def gbreak_case():
    return Decoder(), [(torch.randn(1, 4, 8),)]

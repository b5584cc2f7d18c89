"""Timing code inside `forward` (`time.time()`, `time.perf_counter()`): both clock reads are C builtins
Dynamo skips, so each one is a graph break (so that the read happens at the right point)."""
import time

import torch
import torch.nn as nn


class Timed(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
        self.last_ms = 0.0

    def forward(self, x):
        # ruleid: SE007
        t0 = time.perf_counter()
        y = self.body(x)
        # ruleid: SE007
        wall = time.time()
        return y


def gbreak_case():
    return Timed(), [(torch.randn(2, 8),)]

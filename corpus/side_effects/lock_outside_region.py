"""Look-alikes: a lock created in `__init__` and only used by a method forward never calls, and
`with torch.no_grad():` / `torch.autocast` context managers, which Dynamo supports."""
import threading

import torch
import torch.nn as nn


class Stats(nn.Module):
    def __init__(self):
        super().__init__()
        # ok: SE010
        self._lock = threading.Lock()
        self.lin = nn.Linear(3, 3)
        self.seen = 0

    def record(self, n):
        # ok: SE010
        with self._lock:
            self.seen += n

    def forward(self, x):
        # ok: SE010
        with torch.no_grad():
            ref = self.lin(x)
        # ok: SE010
        with torch.autocast("cpu", enabled=False):
            out = self.lin(x)
        return out - ref


def gbreak_case():
    return Stats(), [(torch.randn(2, 3),)]

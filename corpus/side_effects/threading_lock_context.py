"""A module-level `threading.Lock` used as a context manager in `forward` (a thread-safe cache): Dynamo
cannot enter the lock, and since a break inside a `with` cannot be resumed, the whole frame falls
back to eager."""
import threading

import torch
import torch.nn as nn

_CACHE_LOCK = threading.Lock()


class CachedProj(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.calls = 0

    def forward(self, x):
        # ruleid: SE010
        with _CACHE_LOCK:
            self.calls += 1
        return self.lin(x)


def gbreak_case():
    return CachedProj(), [(torch.randn(2, 4),)]

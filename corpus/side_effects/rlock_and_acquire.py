"""An `RLock` held by the module (`with self._lock:`) breaks like a Lock; explicit `acquire()` /
`release()` calls on a lock break at each call."""
import threading

import torch
import torch.nn as nn

_LOCK = threading.Lock()


class Guarded(nn.Module):
    def __init__(self):
        super().__init__()
        self._lock = threading.RLock()

    def forward(self, x):
        # ruleid: SE010
        with self._lock:
            y = x * 2
        return y


@torch.compile(backend="eager")
def guarded_fn(x):
    # ruleid: SE010
    _LOCK.acquire()
    y = x + 1
    # ruleid: SE010
    _LOCK.release()
    return y


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.g = Guarded()

    def forward(self, x):
        return guarded_fn(self.g(x))


def gbreak_case():
    return Both(), [(torch.randn(3),)]

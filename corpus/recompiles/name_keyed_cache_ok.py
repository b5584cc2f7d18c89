"""Look-alike of an id-keyed cache: a cache keyed by a constant string (the buffer's name) filled in the
first call. After warm-up the key set no longer changes; repeated calls with fresh tensors of the same
shape reuse the compiled graph."""
import torch
import torch.nn as nn


class FreqCache(nn.Module):
    def __init__(self):
        super().__init__()
        self._cache = {"inv_freq": 1.0 / (10000 ** (torch.arange(0, 4, 2).float() / 4))}

    def forward(self, x):
        # ok: RC002
        inv = self._cache["inv_freq"]
        return x * inv.repeat(2)


def gbreak_case():
    return FreqCache(), [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(2, 4),)]

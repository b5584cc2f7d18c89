"""A cache keyed by `id(x)` of the input tensor: Dynamo turns `id()` of an input into a constant and
guards on the dict's keys, so a new input object means a different key set and a recompile."""
import torch
import torch.nn as nn


class RopeCache(nn.Module):
    def __init__(self):
        super().__init__()
        self._cache = {}

    def forward(self, x):
        # ruleid: RC002
        key = id(x)
        if key not in self._cache:
            self._cache[key] = torch.cos(torch.arange(x.shape[-1], dtype=x.dtype))
        return x * self._cache[key]


def gbreak_case():
    return RopeCache(), [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(2, 4),)]

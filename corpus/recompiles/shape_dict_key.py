"""A mask cache keyed by the input's shape (`self._masks[tuple(x.shape)]`): each new sequence length adds a
key, the guard on the dict's contents fails and the forward recompiles."""
import torch
import torch.nn as nn


class CausalMaskCache(nn.Module):
    def __init__(self):
        super().__init__()
        self._masks = {}

    def forward(self, x):
        # ruleid: RC003
        key = tuple(x.shape)
        if key not in self._masks:
            n = x.shape[-1]
            self._masks[key] = torch.ones(n, n).tril().bool()
        return x.unsqueeze(-2).masked_fill(~self._masks[key], 0.0)


def gbreak_case():
    return CausalMaskCache(), [(torch.randn(2, 3),), (torch.randn(2, 5),), (torch.randn(2, 7),)]

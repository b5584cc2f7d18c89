"""A constructor taking `*parts` that branches on how many it got (transformers'
`EncoderDecoderCache(*caches)`): every call here passes two, so the one-argument branch never
runs and its print is no break; the two-argument branch runs, and its warning breaks."""
import warnings

import torch
import torch.nn as nn


class PairCache:
    def __init__(self, *parts):
        if len(parts) == 1:
            # ok: SE001
            print("rebuilding from one legacy tuple")
            self.first, self.second = parts[0]
        elif len(parts) == 2:
            # ruleid: SE003
            warnings.warn("PairCache(a, b) is deprecated", FutureWarning)
            self.first, self.second = parts
        else:
            raise ValueError(f"expected 1 or 2 parts, got {len(parts)}")


class Net(nn.Module):
    def forward(self, x):
        cache = PairCache(x, x * 2)
        return cache.first + cache.second


def gbreak_case():
    return Net(), [(torch.randn(3),)]

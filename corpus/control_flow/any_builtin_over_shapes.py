"""Builtins `any()`/`all()`/`min()` over Python ints derived from shapes are constants: no break."""
import torch
import torch.nn as nn


class PadToMultiple(nn.Module):
    def forward(self, x):
        dims = x.shape[1:]
        # ok: CF001
        if any(d % 4 != 0 for d in dims) and min(dims) > 0:
            pad_h = (4 - x.shape[1] % 4) % 4
            pad_w = (4 - x.shape[2] % 4) % 4
            x = torch.nn.functional.pad(x, (0, pad_w, 0, pad_h))
        return x


def gbreak_case():
    return PadToMultiple(), [(torch.ones(1, 5, 6),)]

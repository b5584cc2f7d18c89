"""`Tensor.numpy()` with the default `trace_numpy=True`: Dynamo traces NumPy code through
`torch._numpy`, so neither the conversion nor `np.clip` nor `torch.from_numpy` breaks."""
import numpy as np
import torch
import torch.nn as nn


class NpNorm(nn.Module):
    def forward(self, x):
        # ok: CV003
        a = x.numpy()
        # ok: CV006
        b = np.clip(a, 0, 1)
        return torch.from_numpy(b) * 2


def gbreak_case():
    return NpNorm(), [(torch.arange(4.0) / 2,)]

"""Surprise in Dynamo 2.13: array-valued numpy RNG calls (`np.random.normal(size=...)`,
`np.random.rand(n)`) and `np.random.seed(...)` are traced through torch's numpy emulation
(`trace_numpy=True`) without a break. RNG use in `__init__` is outside the region anyway."""
import numpy as np
import torch
import torch.nn as nn


class Jitter(nn.Module):
    def __init__(self):
        super().__init__()
        # ok: SE008
        self.register_buffer("bias", torch.from_numpy(np.random.rand(4)).float())

    def forward(self, x):
        # ok: SE008
        np.random.seed(0)
        # ok: SE008
        noise = np.random.normal(size=4)
        # ok: SE008
        mask = np.random.rand(4)
        return x + self.bias + torch.as_tensor(noise * mask, dtype=x.dtype)


def gbreak_case():
    return Jitter(), [(torch.randn(4),)]

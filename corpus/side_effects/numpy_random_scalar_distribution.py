"""A distribution drawn from `np.random` with its parameters but no size (`np.random.uniform(0, 1)`,
a LayerDrop coin in VITS; `np.random.normal(0.0, 0.1)`) returns one Python float read out of a
tensor: Dynamo breaks there as on `np.random.rand()`. With a size (a keyword, or the third
positional argument) the draw is an array, traced through torch's numpy emulation; a distribution
that emulation does not model (`np.random.exponential`) breaks with a size too."""
import numpy as np
import torch
import torch.nn as nn


class NoisyDrop(nn.Module):
    def forward(self, x):
        # ruleid: SE008
        coin = np.random.uniform(0, 1)
        # ruleid: SE008
        scale = np.random.normal(0.0, 0.1)
        # ok: SE008
        noise = np.random.uniform(-1.0, 1.0, size=3)
        # ok: SE008
        shift = np.random.normal(0.0, 1.0, (3,))
        # ok: SE008
        index = np.random.randint(0, 3, size=3)
        # ruleid: SE008
        decay = np.random.exponential(1.0, size=3)
        out = x + torch.as_tensor(noise * shift * decay, dtype=x.dtype)[index]
        return out * (coin + scale)


def gbreak_case():
    return NoisyDrop(), [(torch.randn(3),)]

"""A NumPy function called directly on a torch tensor (`np.exp(t)`): with the default `trace_numpy=True`
Dynamo traces it through `torch._numpy` and does not break."""
import numpy as np
import torch
import torch.nn as nn


class NpExp(nn.Module):
    def forward(self, x):
        y = x * 2
        # ok: CV006
        z = np.exp(y)
        return z


def gbreak_case():
    return NpExp(), [(torch.ones(3),)]

"""With `trace_numpy=False`, a NumPy function applied to a tensor breaks (GB0293)."""
import numpy as np
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"trace_numpy": False}


class NpExp(nn.Module):
    def forward(self, x):
        y = x * 2
        # ruleid: CV006
        z = np.exp(y)
        return y, z


def gbreak_case():
    return NpExp(), [(torch.ones(3),)]

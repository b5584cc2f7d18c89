"""`np.asarray(t)` on a torch tensor is traced (default `trace_numpy=True`): no break."""
import numpy as np
import torch
import torch.nn as nn


class ToArray(nn.Module):
    def forward(self, x):
        y = x + 1
        # ok: CV006
        a = np.asarray(y)
        return y * 2, a


def gbreak_case():
    return ToArray(), [(torch.ones(3),)]

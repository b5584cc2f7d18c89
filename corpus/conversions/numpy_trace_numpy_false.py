"""With `trace_numpy=False`, `Tensor.numpy()` breaks (GB0105)."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"trace_numpy": False}


class ToNumpy(nn.Module):
    def forward(self, x):
        y = x * 2
        # ruleid: CV003
        arr = y.numpy()
        return y + 1, arr


def gbreak_case():
    return ToNumpy(), [(torch.ones(3),)]

"""Python's builtin `max()` on two 0-d tensors looks like a data-dependent comparison, but Dynamo
rewrites it to an elementwise tensor maximum: no break."""
import torch
import torch.nn as nn


class Rescale(nn.Module):
    def forward(self, x):
        a = x.abs().max()
        b = x.norm() / 4
        # ok: CF001
        scale = max(a, b)
        return x / scale


def gbreak_case():
    return Rescale(), [(torch.arange(1.0, 5.0),)]

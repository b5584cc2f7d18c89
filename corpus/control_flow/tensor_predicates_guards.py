"""`torch.is_tensor`, `is_contiguous()`, `is_complex()` and `x.is_sparse` are properties of the tensor's
metadata, not its values: no break."""
import torch
import torch.nn as nn


class Prep(nn.Module):
    def forward(self, x):
        # ok: CF001
        if not torch.is_tensor(x):
            x = torch.as_tensor(x)
        # ok: CF001
        if not x.is_contiguous():
            x = x.contiguous()
        # ok: CF001
        if x.is_complex() or x.is_sparse:
            x = x.real
        return x * 2


def gbreak_case():
    return Prep(), [(torch.ones(3, 4).t(),)]

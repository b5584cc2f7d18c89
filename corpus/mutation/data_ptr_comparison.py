"""Comparing storage pointers to detect aliasing inside `forward` (`out.data_ptr() == x.data_ptr()` after
`.contiguous()`, to decide whether to clone): Dynamo cannot decide a data-pointer comparison involving
a tensor made in the region, and breaks."""
import torch
import torch.nn as nn


class SafeTranspose(nn.Module):
    def forward(self, x):
        out = x.contiguous()
        # ruleid: MU003
        if out.data_ptr() == x.data_ptr():
            out = out.clone()
        return out.t()


def gbreak_case():
    return SafeTranspose(), [(torch.randn(3, 4),)]

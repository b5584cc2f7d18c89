"""`warnings.warn` in `forward`: `_warnings.warn` is a C builtin Dynamo skips, so the graph breaks at the
call every time forward is traced."""
import warnings

import torch
import torch.nn as nn


class Resampler(nn.Module):
    def __init__(self, mode="nearest"):
        super().__init__()
        self.mode = mode

    def forward(self, x):
        if self.mode == "nearest":
            # ruleid: SE003
            warnings.warn("nearest resampling is deprecated, use bilinear", FutureWarning)
        return torch.nn.functional.interpolate(x, scale_factor=2.0, mode=self.mode)


def gbreak_case():
    return Resampler(), [(torch.randn(1, 2, 4, 4),)]

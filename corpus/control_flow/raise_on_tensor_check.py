"""Checks that only raise, on tensor values (`if torch.isnan(x).any(): raise ...`): Python control
flow on a tensor, so Dynamo breaks at each test (GB0170). `torch._assert_async(cond, msg)` is the
in-graph form (gbreak's CF001 unsafe fix)."""
import torch
import torch.nn as nn


class Validated(nn.Module):
    def forward(self, x):
        # ruleid: CF001
        if torch.isnan(x).any():
            raise ValueError("NaN in the input")
        y = x * 2
        # ruleid: CF001
        if not torch.isfinite(y).all():
            raise ValueError(f"non-finite activations of shape {tuple(y.shape)}")
        return y.relu()


def gbreak_case():
    return Validated(), [(torch.ones(2, 3),)]

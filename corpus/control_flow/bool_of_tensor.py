"""`bool(t)` on a tensor needs its value: Dynamo breaks at the call even when the result is only stored."""
import torch
import torch.nn as nn


class HasPadding(nn.Module):
    def forward(self, x, pad_mask):
        # ruleid: CF003
        has_pad = bool(pad_mask.any())
        y = x.masked_fill(pad_mask.unsqueeze(-1), 0.0)
        return y, has_pad


def gbreak_case():
    return HasPadding(), [(torch.ones(3, 2), torch.tensor([False, True, False]))]

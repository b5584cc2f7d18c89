"""Boolean-mask assignment of a scalar, `x[mask] = 0` (zero out padded positions), does NOT break in
Dynamo 2.13: the index_put with a boolean mask and a scalar keeps static shapes (like `masked_fill`).
Compare `bool_mask_assign_features.py`, where the value is a tensor with one row per True entry."""
import torch
import torch.nn as nn


class ZeroPad(nn.Module):
    def forward(self, hidden, pad_mask):
        hidden = hidden.clone()
        # ok: DS005
        hidden[pad_mask] = 0.0
        return hidden


def gbreak_case():
    return ZeroPad(), [(torch.ones(2, 3, 4), torch.tensor([[False, False, True], [False, True, True]]))]

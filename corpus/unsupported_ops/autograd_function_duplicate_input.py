"""The same tensor passed for two inputs of a custom `torch.autograd.Function` (YOSO's
`YosoCumulation.apply(attention_mask, attention_mask, ...)`): Dynamo gives up on the `apply`
(GB6297, torch 2.13 and later) when an input requires grad. A distinct tensor for each input
traces."""
import torch
import torch.nn as nn


class Cumulation(torch.autograd.Function):
    @staticmethod
    def forward(ctx, query_mask, key_mask, value):
        ctx.save_for_backward(query_mask, key_mask)
        return value * (query_mask * key_mask)[:, :, None]

    @staticmethod
    def backward(ctx, grad):
        query_mask, key_mask = ctx.saved_tensors
        return None, None, grad * (query_mask * key_mask)[:, :, None]


class MaskedCumulation(Cumulation):
    """Derives from torch.autograd.Function through another class of the file."""


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.mask = torch.ones(2, 3)

    def forward(self, mask, value):
        value = self.proj(value)  # a tensor that requires grad: the Function is traced with autograd
        # ruleid: UO004
        out = Cumulation.apply(mask, mask, value)
        # ok: UO004
        out = out + Cumulation.apply(mask, mask.clone(), value)
        # ruleid: UO004
        out = out + MaskedCumulation.apply(mask, mask, value)
        # ruleid: UO004
        out = out + Cumulation.apply(self.mask, self.mask, value)
        return out


def gbreak_case():
    return Mixer(), [(torch.ones(2, 3), torch.randn(2, 3, 4))]

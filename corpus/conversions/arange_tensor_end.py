"""`make_pad_mask`-style code: `torch.arange(lengths.max())` passes a tensor where a Python int end is
needed; Dynamo 2.13 breaks (GB0033, data-dependent operator), like `range(tensor)`."""
import torch
import torch.nn as nn


class PadMask(nn.Module):
    def forward(self, x, lengths):
        # ruleid: CV008
        positions = torch.arange(lengths.max())
        mask = positions[None, :] < lengths[:, None]
        return x[:, : mask.shape[1]] * mask


def gbreak_case():
    return PadMask(), [(torch.ones(2, 5), torch.tensor([2, 4]))]

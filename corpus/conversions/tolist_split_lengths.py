"""Packed-sequence style split: `lengths.tolist()` feeds `torch.split` and breaks."""
import torch
import torch.nn as nn


class SplitBySample(nn.Module):
    def forward(self, packed, lengths):
        # ruleid: CV002
        sizes = lengths.tolist()
        chunks = torch.split(packed, sizes)
        return torch.stack([c.mean(0) for c in chunks])


def gbreak_case():
    return SplitBySample(), [(torch.ones(6, 2), torch.tensor([1, 2, 3]))]

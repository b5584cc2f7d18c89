"""A comprehension that filters tensors by shape (or by `is not None`) is unrolled at trace time: no break."""
import torch
import torch.nn as nn


class MergeFeatures(nn.Module):
    def forward(self, a, b, c):
        feats = [a, None, b, c]
        # ok: CF001
        present = [f for f in feats if f is not None and f.shape[-1] == 4]
        return torch.cat(present, dim=0).sum(0)


def gbreak_case():
    return MergeFeatures(), [(torch.ones(2, 4), torch.ones(3, 4), torch.ones(2, 5))]

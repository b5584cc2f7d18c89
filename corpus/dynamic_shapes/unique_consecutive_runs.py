"""Run-length encoding with `torch.unique_consecutive`: data-dependent output shape, breaks."""
import torch
import torch.nn as nn


class RunLength(nn.Module):
    def forward(self, tokens):
        # ruleid: DS001
        values, counts = torch.unique_consecutive(tokens, return_counts=True)
        return values, counts


def gbreak_case():
    return RunLength(), [(torch.tensor([1, 1, 2, 2, 2, 3, 1]),)]

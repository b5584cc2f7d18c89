"""Boolean-mask indexing `x[mask]` selects a data-dependent number of rows: breaks."""
import torch
import torch.nn as nn


class PaddingFreeMean(nn.Module):
    def forward(self, hidden, attention_mask):
        # ruleid: DS004
        tokens = hidden[attention_mask.bool()]
        return tokens.mean(0)


def gbreak_case():
    mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
    return PaddingFreeMean(), [(torch.ones(2, 3, 4), mask)]

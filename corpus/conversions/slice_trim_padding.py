"""Trim a padded batch to its longest sequence: `x[:, :lengths.max()]` uses a tensor slice bound."""
import torch
import torch.nn as nn


class TrimBatch(nn.Module):
    def forward(self, x, lengths):
        # ruleid: CV007
        x = x[:, : lengths.max()]
        return x.sum(-1)


def gbreak_case():
    return TrimBatch(), [(torch.ones(2, 6), torch.tensor([3, 4]))]

"""`int()` of a 0-d tensor (number of valid tokens) needs its value and breaks."""
import torch
import torch.nn as nn


class TrimPadding(nn.Module):
    def forward(self, x, attention_mask):
        # ruleid: CV004
        n = int(attention_mask.sum())
        return x * n


def gbreak_case():
    return TrimPadding(), [(torch.ones(4), torch.tensor([1, 1, 0, 0]))]

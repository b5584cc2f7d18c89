"""`if not mask.any():` is a test on a tensor value and breaks."""
import torch
import torch.nn as nn


class MaskedMean(nn.Module):
    def forward(self, x, mask):
        # ruleid: CF001
        if not mask.any():
            return x.mean(0)
        w = mask.float().unsqueeze(-1)
        return (x * w).sum(0) / w.sum(0)


def gbreak_case():
    return MaskedMean(), [(torch.ones(5, 3), torch.tensor([True, False, True, True, False]))]

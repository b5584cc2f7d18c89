"""A NaN guard `if torch.isnan(loss).any():` (common in training code) is data-dependent and breaks."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SafeLoss(nn.Module):
    def forward(self, logits, target):
        loss = F.cross_entropy(logits, target)
        # ruleid: CF001
        if torch.isnan(loss).any():
            loss = torch.zeros_like(loss)
        return loss


def gbreak_case():
    return SafeLoss(), [(torch.ones(4, 5), torch.tensor([0, 1, 2, 3]))]

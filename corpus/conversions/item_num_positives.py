"""Detection-style loss normalisation: `num_pos = (labels > 0).sum().item()` breaks."""
import torch
import torch.nn as nn


class FocalNorm(nn.Module):
    def forward(self, per_anchor_loss, labels):
        # ruleid: CV001
        num_pos = (labels > 0).sum().item()
        return per_anchor_loss.sum() / max(num_pos, 1)


def gbreak_case():
    return FocalNorm(), [(torch.ones(6), torch.tensor([0, 1, 0, 2, 0, 1]))]

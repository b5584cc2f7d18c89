"""Perplexity as `math.exp(loss)` inside the model breaks (a tensor passed to a `math` function)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class LMHeadWithPPL(nn.Module):
    def forward(self, logits, labels):
        loss = F.cross_entropy(logits, labels)
        # ruleid: CV005
        ppl = math.exp(loss)
        return loss, ppl


def gbreak_case():
    return LMHeadWithPPL(), [(torch.ones(3, 4), torch.tensor([0, 1, 2]))]

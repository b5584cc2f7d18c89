"""`F.one_hot(labels)` without `num_classes` must look at the data to size its output: breaks (GB0246)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LabelSmoothing(nn.Module):
    def forward(self, logits, labels):
        # ruleid: DS006
        target = F.one_hot(labels).float()
        target = target * 0.9 + 0.1 / target.shape[-1]
        return -(target * logits.log_softmax(-1)).sum(-1).mean()


def gbreak_case():
    return LabelSmoothing(), [(torch.ones(3, 4), torch.tensor([0, 3, 1]))]

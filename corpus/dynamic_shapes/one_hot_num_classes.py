"""`F.one_hot(labels, num_classes=...)` has a static output shape: no break."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LabelSmoothing(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_classes = 4

    def forward(self, logits, labels):
        # ok: DS006
        target = F.one_hot(labels, num_classes=self.num_classes).float()
        # ok: DS006
        target2 = torch.nn.functional.one_hot(labels, logits.shape[-1])
        return -(target * logits.log_softmax(-1)).sum(-1).mean() + target2.sum()


def gbreak_case():
    return LabelSmoothing(), [(torch.ones(3, 4), torch.tensor([0, 3, 1]))]

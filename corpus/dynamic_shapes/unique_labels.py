"""`torch.unique` (here with `return_counts`) has a data-dependent output shape and breaks."""
import torch
import torch.nn as nn


class ClassBalance(nn.Module):
    def forward(self, labels):
        # ruleid: DS001
        classes, counts = torch.unique(labels, return_counts=True)
        return classes, counts.float() / labels.numel()


def gbreak_case():
    return ClassBalance(), [(torch.tensor([2, 0, 2, 1, 2]),)]

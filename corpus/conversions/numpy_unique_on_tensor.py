"""`np.unique(t)` is traced as `torch.unique`, whose output shape depends on the data: it breaks as a
dynamic-shape operator (GB0036)."""
import numpy as np
import torch
import torch.nn as nn


class CountClasses(nn.Module):
    def forward(self, labels):
        y = labels + 0
        # ruleid: CV006
        classes = np.unique(y)
        return classes


def gbreak_case():
    return CountClasses(), [(torch.tensor([3, 1, 3, 2]),)]

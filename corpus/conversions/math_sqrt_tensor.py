"""`math.sqrt` of a tensor variance converts the tensor to a Python float: it breaks."""
import math
import torch
import torch.nn as nn


class Standardize(nn.Module):
    def forward(self, x):
        var = x.var()
        # ruleid: CV005
        std = math.sqrt(var)
        return (x - x.mean()) / std


def gbreak_case():
    return Standardize(), [(torch.arange(5.0),)]

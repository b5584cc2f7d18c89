"""`math.isfinite(loss)` on a tensor loss breaks."""
import math
import torch
import torch.nn as nn


class Guarded(nn.Module):
    def forward(self, x):
        loss = x.pow(2).mean()
        # ruleid: CV005
        finite = math.isfinite(loss)
        return loss, finite


def gbreak_case():
    return Guarded(), [(torch.ones(3),)]

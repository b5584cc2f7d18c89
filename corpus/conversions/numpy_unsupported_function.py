"""A NumPy function that `torch._numpy` does not model (`np.interp`) called on tensors breaks (GB0294)."""
import numpy as np
import torch
import torch.nn as nn


class Calibrate(nn.Module):
    def __init__(self):
        super().__init__()
        self.xp = [0.0, 1.0, 2.0]
        self.fp = [0.0, 0.5, 1.0]

    def forward(self, scores):
        s = scores.clamp(0, 2)
        # ruleid: CV006
        out = np.interp(s, self.xp, self.fp)
        return out


def gbreak_case():
    return Calibrate(), [(torch.arange(4.0) / 2,)]

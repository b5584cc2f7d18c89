"""NumPy on Python numbers (`np.sqrt(self.dim)`, `np.pi`) is constant: no break."""
import numpy as np
import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.dim = 16

    def forward(self, x):
        # ok: CV006
        s = float(np.sqrt(self.dim))
        # ok: CV006
        return x / s + np.pi


def gbreak_case():
    return Scale(), [(torch.ones(3),)]

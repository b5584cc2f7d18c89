"""`range(n)` with a tensor `n` (number of refinement steps given as a tensor) breaks."""
import torch
import torch.nn as nn


class Refine(nn.Module):
    def forward(self, x, steps):
        # ruleid: CV008
        for _ in range(steps):
            x = x * 0.5 + 1
        return x


def gbreak_case():
    return Refine(), [(torch.ones(3), torch.tensor(2))]

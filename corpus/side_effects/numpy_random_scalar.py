"""`np.random.rand()` / `np.random.randint(...)` returning a Python scalar inside `forward` (a random
augmentation strength): Dynamo breaks on these numpy RNG calls."""
import numpy as np
import torch
import torch.nn as nn


class RandomScale(nn.Module):
    def forward(self, x):
        # ruleid: SE008
        s = np.random.rand()
        # ruleid: SE008
        k = np.random.randint(1, 4)
        return x * s + k


def gbreak_case():
    return RandomScale(), [(torch.randn(3),)]

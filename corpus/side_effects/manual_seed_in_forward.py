"""`torch.manual_seed(...)` inside `forward` (re-seeding for reproducible dropout): Dynamo breaks on the
global RNG seed call."""
import torch
import torch.nn as nn


class SeededDropout(nn.Module):
    def __init__(self, p=0.5, seed=0):
        super().__init__()
        self.p = p
        self.seed = seed

    def forward(self, x):
        # ruleid: SE011
        torch.manual_seed(self.seed)
        return nn.functional.dropout(x, self.p, training=True)


def gbreak_case():
    return SeededDropout(), [(torch.randn(8),)]

"""LayerDrop with Python's `random` (MusicGen, in train mode): Dynamo traces `random.uniform`
and keeps its number as a graph value, so the call does not break, but the branch on it does
(a graph value has no Python truth). `random.random()` is a skipped C function and breaks."""
import random

import torch
import torch.nn as nn

GBREAK_MODE = "train"


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
        self.layerdrop = 0.1

    def forward(self, x):
        # ok: SE007
        dropout_probability = random.uniform(0, 1)
        # ruleid: CF001
        if self.training and (dropout_probability < self.layerdrop):
            return x
        # ruleid: SE007
        scale = random.random()
        return self.layers[1](self.layers[0](x)) * scale


def gbreak_case():
    random.seed(0)
    return Decoder(), [(torch.randn(2, 3),)]

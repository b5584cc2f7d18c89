"""The same HF-style LayerDrop in eval mode: `self.training` is False and `and` short-circuits, so the
tensor comparison is never evaluated: no break."""
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(2))
        self.layerdrop = 0.1

    def forward(self, x):
        for layer in self.layers:
            dropout_probability = torch.rand([])
            # ok: CF001
            if self.training and (dropout_probability < self.layerdrop):
                continue
            x = layer(x)
        return x


def gbreak_case():
    return Encoder(), [(torch.ones(2, 4),)]

"""HF-style LayerDrop in training mode: `self.training` is True, so the tensor comparison
`dropout_probability < self.layerdrop` is evaluated and the test breaks (inside the layer loop)."""
import torch
import torch.nn as nn

GBREAK_MODE = "train"


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(2))
        self.layerdrop = 0.1

    def forward(self, x):
        for layer in self.layers:
            dropout_probability = torch.rand([])
            # ruleid: CF001
            if self.training and (dropout_probability < self.layerdrop):
                continue
            x = layer(x)
        return x


def gbreak_case():
    torch.manual_seed(0)
    return Encoder(), [(torch.ones(2, 4),)]

"""An `nn.LSTM` that exists on the module but is only used by an eager-only method (`encode_legacy`), not by
`forward`: Dynamo never touches it, the forward compiles in one graph."""
import torch
import torch.nn as nn


class Hybrid(nn.Module):
    def __init__(self):
        super().__init__()
        self.legacy = nn.LSTM(4, 4, batch_first=True)
        self.proj = nn.Linear(4, 4)

    def encode_legacy(self, x):
        # ok: UO001
        return self.legacy(x)[0]

    def forward(self, x):
        return self.proj(x).relu()


def gbreak_case():
    return Hybrid(), [(torch.randn(2, 3, 4),)]

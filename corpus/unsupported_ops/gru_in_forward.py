"""`nn.GRU` in `forward` breaks like LSTM. In Dynamo 2.13 the RNN break cannot be resumed ("Failed to
handle graph break gracefully"): the whole `forward` frame falls back to eager, so nothing after the
GRU is traced either."""
import torch
import torch.nn as nn


class GRUTagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.gru = nn.GRU(4, 6)

    def forward(self, x):
        x = self.proj(x)
        # ruleid: UO001
        a, _ = self.gru(x)
        return a.relu()


def gbreak_case():
    return GRUTagger(), [(torch.randn(3, 2, 4),)]

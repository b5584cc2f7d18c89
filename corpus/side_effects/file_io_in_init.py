"""File I/O in `__init__` (reading a config or vocabulary) is outside the compiled region; forward only
uses the loaded Python values."""
import torch
import torch.nn as nn


class Vocab(nn.Module):
    def __init__(self):
        super().__init__()
        # ok: SE009
        with open(__file__) as f:
            n_lines = sum(1 for _ in f)
        self.size = min(n_lines, 50)
        self.emb = nn.Embedding(self.size, 4)

    def forward(self, ids):
        return self.emb(ids.clamp(max=self.size - 1))


def gbreak_case():
    return Vocab(), [(torch.tensor([[1, 2, 3]]),)]

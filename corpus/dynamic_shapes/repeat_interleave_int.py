"""`repeat_interleave` with a Python int (GQA key/value head expansion, beam expansion) has a static
output shape: no break."""
import torch
import torch.nn as nn


class RepeatKV(nn.Module):
    def __init__(self):
        super().__init__()
        self.n_rep = 2

    def forward(self, k, v):
        # ok: DS003
        k = k.repeat_interleave(self.n_rep, dim=1)
        # ok: DS003
        v = torch.repeat_interleave(v, 2, dim=1)
        return k + v


def gbreak_case():
    return RepeatKV(), [(torch.ones(1, 2, 3, 4), torch.ones(1, 2, 3, 4))]

"""`range` over shapes, `len()` and config ints is unrolled at trace time: no break."""
import torch
import torch.nn as nn


class Unrolled(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_iters = 2

    def forward(self, x):
        # ok: CV008
        for i in range(x.shape[0]):
            x[i] = x[i] * (i + 1)
        # ok: CV008
        for _ in range(self.num_iters):
            x = x + 1
        # ok: CV008
        return torch.stack([x[j] for j in range(len(x) - 1, -1, -1)])


def gbreak_case():
    return Unrolled(), [(torch.ones(3, 2),)]

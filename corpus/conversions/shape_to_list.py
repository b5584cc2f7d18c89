"""`list(x.shape)`, `x.size()` and `tuple(x.shape)` are Python sizes, not tensor data: no break."""
import torch
import torch.nn as nn


class Flatten(nn.Module):
    def forward(self, x):
        # ok: CV002
        dims = list(x.shape)
        # ok: CV002
        new_shape = tuple(x.size()[:-2]) + (dims[-2] * dims[-1],)
        return x.reshape(new_shape)


def gbreak_case():
    return Flatten(), [(torch.ones(2, 3, 4),)]

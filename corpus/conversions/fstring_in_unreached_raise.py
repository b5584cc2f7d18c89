"""A tensor formatted into an error message on a shape-check path that is not taken: not traced,
no break."""
import torch
import torch.nn as nn


class Proj(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        if x.shape[-1] != 4:
            # ok: CV009
            raise ValueError(f"bad input {x} with shape {x.shape}")
        return self.fc(x)


def gbreak_case():
    return Proj(), [(torch.ones(2, 4),)]

"""`.item()` on a tensor built from a Python constant inside `forward` still breaks: Dynamo does not
fold it."""
import torch
import torch.nn as nn


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = 3

    def forward(self, x):
        # ruleid: CV001
        k = torch.tensor(self.n).item()
        return x * k


def gbreak_case():
    return Scaled(), [(torch.ones(3),)]

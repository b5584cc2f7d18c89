"""With `capture_scalar_outputs=True`, `int(t)` goes through the captured `.item()`: no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_scalar_outputs": True}


class Repeat(nn.Module):
    def forward(self, x, k):
        # ok: CV004
        n = int(k)
        return x * n


def gbreak_case():
    return Repeat(), [(torch.ones(3), torch.tensor(2))]

"""Seeding in `__init__` and sampling from the global RNG in `forward` (`torch.randn_like`,
`torch.rand`) are fine. Surprise in Dynamo 2.13: `torch.seed()` (reseed from a random value) inside the
region does not break either."""
import torch
import torch.nn as nn


class Diffuse(nn.Module):
    def __init__(self):
        super().__init__()
        # ok: SE011
        torch.manual_seed(0)
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ok: SE011
        torch.seed()
        noise = torch.randn_like(x)
        t = torch.rand(x.shape[0], 1)
        return self.lin(x * (1 - t) + noise * t)


def gbreak_case():
    return Diffuse(), [(torch.randn(2, 4),)]

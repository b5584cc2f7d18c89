"""A `torch.Generator` created in `__init__` and re-seeded in `forward` with `.manual_seed()` / `.seed()`:
stateful Generator methods are a fundamental break. (Sampling with `generator=self.gen` breaks
too.)"""
import torch
import torch.nn as nn


class NoiseInjector(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = torch.Generator().manual_seed(1234)

    def forward(self, x, step):
        # ruleid: SE011
        self.gen.manual_seed(1234 + step)
        # ruleid: SE011
        self.gen.seed()
        return x * 2


def gbreak_case():
    return NoiseInjector(), [(torch.randn(4), 3)]

"""`__init__` runs eagerly when the module is built, before `torch.compile` sees `forward`: breaking
code there does not matter."""
import torch
import torch.nn as nn


class RotaryCache(nn.Module):
    def __init__(self, dim=4, max_pos=8):
        super().__init__()
        inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        # ok: CV001
        self.base_scale = inv_freq.max().item()
        # ok: CF001
        if inv_freq.min() < 1e-3:
            inv_freq = inv_freq.clamp(min=1e-3)
        t = torch.arange(max_pos).float()
        self.register_buffer("cos", torch.outer(t, inv_freq).cos())

    def forward(self, x):
        return x * self.cos[: x.shape[0]] * self.base_scale


def gbreak_case():
    return RotaryCache(), [(torch.ones(3, 2),)]

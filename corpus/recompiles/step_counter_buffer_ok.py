"""The fix for a Python step counter: keep it in a registered buffer and update it in place
(`self.step.add_(1)`). The value lives in a tensor, there is no guard on it, and repeated calls reuse
the graph. Python attributes that forward only reads (set once in `__init__`) do not recompile either."""
import torch
import torch.nn as nn


class WarmupScale(nn.Module):
    def __init__(self, warmup=10):
        super().__init__()
        self.warmup = warmup
        self.register_buffer("step", torch.zeros((), dtype=torch.long))
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ok: RC001
        self.step.add_(1)
        # ok: RC001
        scale = (self.step.float() / self.warmup).clamp(max=1.0)
        return self.lin(x) * scale


def gbreak_case():
    x = torch.randn(2, 4)
    return WarmupScale(), [(x,), (x,), (x,)]

"""Swin's window clamp: `torch.min(torch.tensor(r)) if torch.jit.is_tracing() else min(r)` is a
Python int under Dynamo (is_tracing() is False while it traces), so comparing shapes with the
attribute it sets is a guard, not a break."""
import torch
from torch import nn


class WindowLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.window_size = 7

    def set_window_size(self, resolution):
        # ok: CF001
        if min(resolution) <= self.window_size:
            self.window_size = (
                torch.min(torch.tensor(resolution)) if torch.jit.is_tracing() else min(resolution)
            )

    def forward(self, x):
        self.set_window_size(tuple(x.shape[-2:]))
        # ok: CF001
        if x.shape[-1] % self.window_size != 0:
            x = torch.nn.functional.pad(x, (0, 1))
        return x * 2


def gbreak_case():
    return WindowLayer(), [(torch.ones(1, 5, 5),)]

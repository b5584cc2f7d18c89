"""Tests on `dtype`, `device`, `is_floating_point()`, `requires_grad` and `is_grad_enabled()` are guards."""
import torch
import torch.nn as nn


class Caster(nn.Module):
    def forward(self, x):
        # ok: CF001
        if x.dtype == torch.float16 or x.device.type == "cuda":
            x = x.float()
        # ok: CF001
        if not x.is_floating_point():
            x = x.to(torch.float32)
        # ok: CF001
        if x.requires_grad and torch.is_grad_enabled():
            x = x * 1.0
        return x + 1


def gbreak_case():
    return Caster(), [(torch.arange(4),)]

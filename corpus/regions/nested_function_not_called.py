"""A closure defined inside `forward` but never called (or only returned) is not traced: its body does
not break."""
import torch
import torch.nn as nn


class Factory(nn.Module):
    def forward(self, x):
        def debug_hook(t):
            # ok: CV001
            return t.sum().item()

        y = x * 2
        return y + 1


def gbreak_case():
    return Factory(), [(torch.ones(3),)]

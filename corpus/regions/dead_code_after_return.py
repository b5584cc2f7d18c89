"""Statements after an unconditional `return` are never reached, so they are never traced."""
import torch
import torch.nn as nn


class Simple(nn.Module):
    def forward(self, x):
        return x.relu()
        # ok: CV001
        scale = x.max().item()
        return x * scale


def gbreak_case():
    return Simple(), [(torch.ones(3),)]

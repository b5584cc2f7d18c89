"""Formatting a tensor into an f-string that is only stored (or returned) does NOT break in Dynamo 2.13:
the string is built after the graph runs, from the graph's output. Compare `fstring_tensor_consumed.py`."""
import torch
import torch.nn as nn


class Tagged(nn.Module):
    def __init__(self):
        super().__init__()
        self.tags = []

    def forward(self, x):
        m = x.mean()
        # ok: CV009
        self.tags.append(f"mean={m}")
        return x - m


def gbreak_case():
    return Tagged(), [(torch.ones(3),)]

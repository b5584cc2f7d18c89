"""A data-dependent `if` in a helper function that `forward` calls: Dynamo inlines the helper and
reports the break on the helper's line."""
import torch
import torch.nn as nn


def clip_if_large(t, limit):
    # ruleid: CF001
    if t.abs().max() > limit:
        return t.clamp(-limit, limit)
    return t


class Clipper(nn.Module):
    def forward(self, x):
        return clip_if_large(x * 3, 5.0) + 1


def gbreak_case():
    return Clipper(), [(torch.arange(4.0),)]

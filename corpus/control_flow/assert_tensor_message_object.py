"""`assert cond, t` whose message is a tensor (not a string): Dynamo cannot rewrite it into
`torch._assert` (GB0171 family), so the data-dependent assert breaks."""
import torch
import torch.nn as nn


class Positive(nn.Module):
    def forward(self, x):
        m = x.min()
        # ruleid: CF002
        assert m >= 0, m
        return x.sqrt()


def gbreak_case():
    return Positive(), [(torch.arange(4.0),)]

"""Surprise in Dynamo 2.13: a bare `x.data_ptr()` whose result is only stored (not compared or used in
control flow) does not break."""
import torch
import torch.nn as nn


class Tagger(nn.Module):
    def forward(self, x):
        # ok: MU003
        ptr = x.data_ptr()
        return x * 2


def gbreak_case():
    return Tagger(), [(torch.randn(3),)]

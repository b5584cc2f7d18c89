"""A data-dependent test spread over several lines. Dynamo 2.13 reports the break on the line of the
tensor operand (`and (x - y).abs().max() < 1e-3`), which lies inside the `if` statement's header."""
import torch
import torch.nn as nn


class Saturate(nn.Module):
    def forward(self, x, y):
        # ruleid: CF001
        if (
            x.shape[0] == y.shape[0]
            and (x - y).abs().max() < 1e-3
        ):
            return x
        return (x + y) / 2


def gbreak_case():
    return Saturate(), [(torch.ones(3), torch.zeros(3))]

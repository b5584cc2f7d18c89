"""An `if` on a reduced tensor value (`x.sum() > 0`) is data-dependent branching: Dynamo breaks at the `if`."""
import torch
import torch.nn as nn


class SignSwitch(nn.Module):
    def forward(self, x):
        y = x * 2
        # ruleid: CF001
        if y.sum() > 0:
            return y.sin()
        return y.cos()


def gbreak_case():
    return SignSwitch(), [(torch.arange(8.0),)]

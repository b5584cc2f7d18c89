"""A `while` loop whose test is a tensor value (shrink until the norm is small) breaks; because the
break is inside a loop, Dynamo gives up on the whole frame and runs it eagerly."""
import torch
import torch.nn as nn


class Shrink(nn.Module):
    def forward(self, x):
        x = x + 1
        # ruleid: CF001
        while x.norm() > 1.0:
            x = x / 2
        return x


def gbreak_case():
    return Shrink(), [(torch.ones(4),)]

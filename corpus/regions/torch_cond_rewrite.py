"""The data-dependent `if x.sum() > 0:` rewritten as `torch.cond(pred, true_fn, false_fn, (x,))`:
Dynamo traces both branches into the graph, no break."""
import torch
import torch.nn as nn


def true_fn(x):
    return x.sin()


def false_fn(x):
    return x.cos()


class SignSwitch(nn.Module):
    def forward(self, x):
        y = x * 2
        # ok: CF001
        return torch.cond(y.sum() > 0, true_fn, false_fn, (y,))


def gbreak_case():
    return SignSwitch(), [(torch.arange(8.0),)]

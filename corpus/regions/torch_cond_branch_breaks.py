"""A branch function of `torch.cond` that itself cannot be traced (`.item()` inside): Dynamo cannot
fall back inside a higher-order op, so the whole call fails instead of breaking."""
import torch
import torch.nn as nn


def true_fn(x):
    # ruleid: CV001
    return x * x.max().item()


def false_fn(x):
    return x.cos()


class SignSwitch(nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def gbreak_case():
    return SignSwitch(), [(torch.arange(4.0),)]

"""Indexing with an inline comparison `x[x > 0]` (keep positive entries) breaks."""
import torch


@torch.compile(backend="eager")
def positive_mean(x):
    y = x - 1
    # ruleid: DS004
    return y[y > 0].mean()


def gbreak_case():
    return positive_mean, [(torch.arange(5.0),)]

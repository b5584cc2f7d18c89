"""A data-dependent `assert` inside a user-defined context manager. dynamo.md (c.1) suggests GB0034
here, but Dynamo 2.13 still rewrites the (passing) tensor assert into `torch._assert`: no break.
(GB0034 in PyTorch's test comes from an assert that actually fails.)"""
import torch
import torch.nn as nn


class Timer:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Checked(nn.Module):
    def forward(self, x):
        with Timer():
            y = x * 2
            # ok: CF002
            assert (y > 0).all()
        return y


def gbreak_case():
    return Checked(), [(torch.ones(3),)]

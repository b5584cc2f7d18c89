"""A decorator's wrapper that rebinds its `*args` in a loop under a test of `len(args)`
(transformers' config-defaults wrapper): folding that test asks what the rebinding holds, whose
own guard is the same test. gbreak once recursed here without end; the print after the loop runs
on every call and breaks."""
import functools

import torch
import torch.nn as nn


def fill_defaults(func):
    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        for name in ["use_cache", "scale"]:
            index = None
            if name in func.__code__.co_varnames:
                index = func.__code__.co_varnames.index(name) - 1
            if index is not None and len(args) > index:
                args = list(args)
                args[index] = True
                args = tuple(args)
        # ruleid: SE001
        print("filled")
        return func(self, *args, **kwargs)

    return wrapper


class Net(nn.Module):
    @fill_defaults
    def forward(self, x, use_cache=None):
        return x * 2


def gbreak_case():
    return Net(), [(torch.randn(3), False)]

"""A deprecation decorator around `forward` that warns unconditionally: Dynamo traces the wrapper
(functools.wraps closure) and the break is on the `warnings.warn` line inside it."""
import functools
import warnings

import torch
import torch.nn as nn


def deprecated_forward(message):
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(self, *args, **kwargs):
            # ruleid: SE003
            warnings.warn(message, DeprecationWarning)
            return fn(self, *args, **kwargs)

        return wrapper

    return decorator


class OldBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    @deprecated_forward("OldBlock is deprecated")
    def forward(self, x):
        return self.lin(x).relu()


def gbreak_case():
    return OldBlock(), [(torch.randn(2, 4),)]

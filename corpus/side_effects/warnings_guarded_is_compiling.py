"""The transformers `deprecate_kwarg` pattern: a wrapper around `forward` that renames an old keyword
and warns only when not compiling. The guard is constant-folded, so the wrapper traces cleanly."""
import functools
import warnings

import torch
import torch.nn as nn


def deprecate_kwarg(old, new):
    def decorator(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            if old in kwargs:
                kwargs[new] = kwargs.pop(old)
                if not torch.compiler.is_compiling():
                    # ok: SE003
                    warnings.warn(f"`{old}` is deprecated, use `{new}`", FutureWarning)
            return func(*args, **kwargs)

        return wrapped

    return decorator


class Rotary(nn.Module):
    @deprecate_kwarg("seq_len", "length")
    def forward(self, x, length=None):
        t = torch.arange(length, dtype=x.dtype)
        return x * torch.cos(t)[:, None]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rotary = Rotary()

    def forward(self, x):
        # an old caller still passes the deprecated keyword
        return self.rotary(x, seq_len=x.shape[0])


def gbreak_case():
    return Model(), [(torch.randn(4, 2),)]

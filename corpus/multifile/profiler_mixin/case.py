"""Mixins resolved through the MRO: `_Body.forward` (model.py) calls `self.profile(...)`, which is
`NoOpMixin.profile` for `PlainBody` (clean) and `ProfilingMixin.profile` for `ProfiledBody`
(`time.monotonic()` and `inspect.stack()`, both breaks in mixins.py)."""
import torch

from .model import Model


def gbreak_case():
    return Model(), [(torch.randn(2, 4),)]

"""`warnings.warn` listed in `reorderable_logging_functions`: a positional-only call is deferred and does
not break. Surprise for 2.13: the call with a keyword argument (`stacklevel=2`) is deferred too, although
the GB0296 message says reorderable calls must not use keywords."""
import warnings

import torch

GBREAK_DYNAMO_CONFIG = {"reorderable_logging_functions": {warnings.warn}}


@torch.compile(backend="eager")
def clip_grad_like(x, max_norm):
    norm = x.norm()
    # ok: SE003
    warnings.warn("clipping")
    y = x * (max_norm / (norm + 1e-6)).clamp(max=1.0)
    # ok: SE003
    warnings.warn("clipped", stacklevel=2)
    return y


def gbreak_case():
    return clip_grad_like, [(torch.randn(5), 1.0)]

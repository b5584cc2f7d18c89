"""A helper marked as a compile-time constant (transformers' `is_torch_available` is wrapped by a
decorator that sets `_dynamo_marked_constant`, as `torch._dynamo.assume_constant_result` does):
Dynamo calls it while tracing and keeps the result, so the logging call inside it is never traced.
The same helper without the mark is traced, and its logging call breaks."""
import logging
from functools import lru_cache

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


def _make_compile_constant(fn):
    setattr(fn, "_dynamo_marked_constant", True)
    return fn


@lru_cache
@_make_compile_constant
def is_fast_path_available() -> bool:
    # ok: SE002
    logger.warning("checking for the fast path")
    return False


def plain_check() -> bool:
    # ruleid: SE002
    logger.warning("checking for the fast path")
    return False


class Model(nn.Module):
    def forward(self, x):
        if is_fast_path_available():
            x = x * 2
        if not plain_check():
            x = x + 1
        return x


def gbreak_case():
    return Model(), [(torch.ones(3),)]

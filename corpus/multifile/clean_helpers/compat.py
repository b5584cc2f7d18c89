"""Compile-friendly helpers in the style of transformers' import_utils / pytorch_utils."""
import copy
import importlib.util
import inspect
import logging
import warnings

import torch

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    try:
        return torch.compiler.is_compiling()
    except Exception:
        return False


def is_kernel_available():
    # ok: SE007
    return importlib.util.find_spec("no_such_fused_kernel_pkg") is not None


def warn_if_padding_and_no_attention_mask(input_ids, attention_mask):
    if is_torchdynamo_compiling() or attention_mask is not None:
        return
    # ok: SE003
    warnings.warn("padding detected without an attention mask")


def apply_chunking_to_forward(forward_fn, chunks, x):
    # ok: SE006
    n_params = len(inspect.signature(forward_fn).parameters)
    assert n_params == 1
    return torch.cat([forward_fn(c) for c in x.chunk(chunks, dim=1)], dim=1)


def merged_defaults(defaults, **overrides):
    # ok: SE004
    out = copy.deepcopy(defaults)
    out.update(overrides)
    return out

"""A debugging helper package: models/unet.py imports `split_point` / `maybe_split` from
`debug_utils_pkg.utils.debug` (absolute) and the module itself via `from ..utils import debug`
(relative). `split_point` calls `torch._dynamo.graph_break()` because its module-level flag is True; in
`maybe_split` the call sits behind an argument that is False at every call site."""
import torch

from .models.unet import TinyUNet


def gbreak_case():
    return TinyUNet(), [(torch.randn(1, 2, 8, 8),)]

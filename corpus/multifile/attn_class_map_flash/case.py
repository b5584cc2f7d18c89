"""The class map selecting the flash implementation: `FlashAttention.forward` calls a
`@torch.compiler.disable`d kernel from kernels.py (via `from . import kernels`). The break is at the call
site in attention.py, once per layer of the ModuleList; `flash_attn_varlen_func` is never called."""
import torch

from .modeling import Model


def gbreak_case():
    return Model(attn_implementation="flash_attention_2"), [(torch.randn(2, 3, 8),)]

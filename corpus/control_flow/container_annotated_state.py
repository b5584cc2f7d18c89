"""A state dict handed down the blocks: `cache: dict` is a Python container whatever it holds, so
testing it or one of its flags (`if cache["is_first_segment"]:`) is decided while tracing and
does not break; the entries that are tensors stay tensors. The look-alike: a parameter annotated
as a tensor, tested the same way, reads tensor data."""
import torch
import torch.nn as nn


class SegmentNorm(nn.Module):
    def forward(self, x: torch.Tensor, cache: dict) -> torch.Tensor:
        # ok: CF001
        if cache["is_first_segment"]:
            x = x * 2
        # ok: CF001
        if cache:
            cache["is_first_segment"] = False
        return x + cache["offset"]


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = SegmentNorm()

    def forward(self, x: torch.Tensor, cache: dict, scale: torch.Tensor) -> torch.Tensor:
        x = self.norm(x, cache["norm"])
        # ruleid: CF001
        if scale:
            x = x * scale
        return x


def gbreak_case():
    cache = {"norm": {"is_first_segment": True, "offset": torch.ones(3)}}
    return Block(), [(torch.randn(2, 3), cache, torch.tensor(2.0))]

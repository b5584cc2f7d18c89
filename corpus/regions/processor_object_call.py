"""An attention module delegating to a processor object handed to its constructor
(`processor: "AttnProcessor"`, diffusers' attention processors): calling the object runs its
class's `__call__`, which Dynamo inlines, so a break there is a break of the model. The
look-alike processor's `__call__` breaks nowhere."""
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim: int, processor: "MaskedAttnProcessor | None" = None):
        super().__init__()
        self.to_q = nn.Linear(dim, dim)
        self.processor = processor

    def forward(self, x, mask):
        return self.processor(self, x, mask)


class MaskedAttnProcessor:
    def __call__(self, attn: Attention, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        # ruleid: DS001
        valid = torch.nonzero(mask.flatten(), as_tuple=False).flatten()
        return attn.to_q(x)[:, : valid.numel()]


class PlainAttnProcessor:
    def __call__(self, attn: "Attention", x: torch.Tensor) -> torch.Tensor:
        # ok: DS001
        return attn.to_q(x) * mask_scale(x)


def mask_scale(x):
    return x.shape[-1] ** -0.5


class PlainAttention(nn.Module):
    def __init__(self, dim: int, processor: PlainAttnProcessor):
        super().__init__()
        self.to_q = nn.Linear(dim, dim)
        self.processor = processor

    def forward(self, x):
        return self.processor(self, x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention(4, processor=MaskedAttnProcessor())
        self.plain = PlainAttention(4, PlainAttnProcessor())

    def forward(self, x, mask):
        return self.attn(self.plain(x), mask)


def gbreak_case():
    return Block(), [(torch.randn(2, 4), torch.tensor([1, 0, 1, 1]))]

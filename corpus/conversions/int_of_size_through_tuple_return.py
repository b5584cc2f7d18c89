"""A length that is a Python int on every path stays one through a helper's tuple return and a
submodule's parameter annotated `int | torch.Tensor`: `int(max_len)` reads no tensor (QwenImage's
rotary embedding, which gets `text_seq_len` from `compute_text_seq_len_from_mask`). The lengths
the same helper returns are a tensor, and `int()` of their sum breaks."""
import torch
import torch.nn as nn


def seq_len_from_mask(states, mask=None):
    batch, seq_len = states.shape[:2]
    if mask is None:
        return seq_len, None, None
    lengths = mask.sum(1)
    return seq_len, lengths, mask


class Rope(nn.Module):
    def forward(self, x, max_len: int | torch.Tensor | None = None):
        # ok: CV004
        n = int(max_len)
        return x[:, :n]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rope = Rope()

    def forward(self, x, mask):
        seq_len, lengths, mask = seq_len_from_mask(x, mask)
        # ruleid: CV004
        total = int(lengths.sum())
        return self.rope(x, max_len=seq_len) * total


def gbreak_case():
    return Model(), [(torch.randn(2, 5, 3), torch.ones(2, 5, dtype=torch.long))]

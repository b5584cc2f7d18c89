"""Asserts on shapes, `isinstance` and Python values are checked while tracing: no break."""
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_heads = 2
        self.head_dim = 4

    def forward(self, q, k):
        # ok: CF002
        assert q.shape == k.shape, "q and k must match"
        # ok: CF002
        assert isinstance(q, torch.Tensor) and q.dim() == 3
        # ok: CF002
        assert q.shape[-1] == self.num_heads * self.head_dim
        b, t, _ = q.shape
        q = q.view(b, t, self.num_heads, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.num_heads, self.head_dim).transpose(1, 2)
        return q @ k.transpose(-1, -2)


def gbreak_case():
    return Attention(), [(torch.ones(1, 3, 8), torch.ones(1, 3, 8))]

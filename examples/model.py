"""A small transformer block with the graph breaks people write every day.

Run `gbreak lint examples/` to see them; `gbreak explain CODE` tells why each breaks and how to
fix it.
"""

import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim: int, heads: int):
        super().__init__()
        print(f"building attention with {heads} heads")  # fine: __init__ is not compiled
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5
        print("attention scores:", scores.shape)  # breaks: print in forward
        return self.out(scores.softmax(-1) @ v)


class Block(nn.Module):
    def __init__(self, dim: int = 64, heads: int = 4):
        super().__init__()
        self.attn = Attention(dim, heads)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: torch.Tensor, temperature: torch.Tensor) -> torch.Tensor:
        scale = temperature.item()  # breaks: a tensor becomes a Python float
        y = self.attn(self.norm(x)) * scale
        torch._dynamo.graph_break()  # breaks on purpose (left over from debugging)
        return x + y


if __name__ == "__main__":
    block = torch.compile(Block())
    print(block(torch.randn(2, 8, 64), torch.tensor(0.5)).shape)

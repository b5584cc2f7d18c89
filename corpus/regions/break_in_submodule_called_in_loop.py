"""A layer stack whose block breaks through its attention submodule: `for layer in self.layers:`
calls each block in a loop, Dynamo inlines block and attention, meets the break where it cannot
resume the loop's function, and runs that function eagerly, so the `.tolist()` after the loop is
never traced. The break counts through every call on the way (the block breaks because its
unconditional call of the attention does). A call of the same stack outside any loop hides
nothing: Dynamo resumes after it."""
import torch
import torch.nn as nn


class Attention(nn.Module):
    def forward(self, x):
        # ruleid: CV001
        return x * x.sum().item()


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(x) + 1


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Block() for _ in range(2)])
        self.last = Block()

    def forward(self, x, sizes):
        for layer in self.layers:
            x = layer(x)
        # ok: CV002
        split = sizes.tolist()
        return x, split


class Once(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x, sizes):
        x = self.block(x)
        # ruleid: CV002
        split = sizes.tolist()
        return x, split


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = Stack()
        self.once = Once()

    def forward(self, x, sizes):
        a, s = self.stack(x, sizes)
        b, t = self.once(x, sizes)
        return a + b, s + t


def gbreak_case():
    return Model(), [(torch.randn(2, 3), torch.tensor([1, 2]))]

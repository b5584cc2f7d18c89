"""Building parameters inside a compiled region: `nn.Parameter(...)`, and any `torch.nn` layer whose
`__init__` makes weights, breaks the graph (GB0264). Layers without weights are traced, and so is
a layer built in `__init__`. A module of the program's own built in `forward` runs its `__init__`
in the region: it breaks where that builds a layer, and again at its `super().__init__()`, which
Dynamo resumes on a module not yet initialized (GB0119), and runs the rest of that `__init__`
eagerly: a second layer it builds does not break."""
import torch
import torch.nn as nn
from torch.nn import Linear


class Inner(nn.Module):
    def __init__(self, width):
        # ruleid: UO007
        super().__init__()
        # ruleid: UO006
        self.lin = nn.Linear(width, width)
        # The frame runs eagerly from its first break on: this line is never traced.
        # ok: UO006
        self.out = nn.Linear(width, width)

    def forward(self, x):
        return self.out(self.lin(x))


class Light(nn.Module):
    def __init__(self):
        # ok: UO007
        super().__init__()
        # ok: UO006
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        # ok: UO006
        self.norm = nn.LayerNorm(4)

    def forward(self, x):
        # ruleid: UO006
        proj = nn.Linear(4, 4)
        # ruleid: UO006
        scale = torch.nn.Parameter(torch.ones(4))
        # ok: UO006
        plain = nn.LayerNorm(4, elementwise_affine=False)
        # ok: UO006
        act = nn.ReLU()
        # ok: UO006
        drop = nn.Dropout(0.0)
        # ruleid: UO006
        other = Linear(4, 4)
        inner = Inner(4)
        light = Light()
        x = light(drop(act(plain(self.norm(proj(x) * scale)))))
        return inner(other(x))


def gbreak_case():
    return Net(), [(torch.randn(2, 4),)]

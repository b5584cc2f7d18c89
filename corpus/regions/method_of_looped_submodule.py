"""A method called on each submodule of a container `__init__` built (`for layer in
self.layers: layer.reset(...)`, also through `enumerate` and `zip`) runs that method of the
elements' class: transformers' BigBird switches every layer's attention that way. Calls in a loop
whose callee breaks make Dynamo run `forward` eagerly; each method is then compiled as a frame of
its own, and breaks there."""
import torch
import torch.nn as nn


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def reset(self, value, layer_idx=None):
        # ruleid: SE001
        print("reset", value, layer_idx)

    def describe(self):
        # ruleid: SE001
        print("layer")

    def unused(self):
        # ok: SE001
        print("never called")

    def forward(self, x):
        return self.lin(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer() for _ in range(2)])
        self.norms = nn.ModuleList([nn.LayerNorm(4) for _ in range(2)])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            layer.reset("a", layer_idx=i)
        for norm, layer in zip(self.norms, self.layers[1:]):
            layer.describe()
            x = norm(x)
        for layer in self.layers:
            x = layer(x)
        return x


def gbreak_case():
    return Net(), [(torch.randn(2, 4),)]

"""Registering a forward hook on a submodule from inside `forward` (lazily, the way output-capturing
utilities do): Dynamo cannot trace the hook-dict mutation on the module class and breaks at the
registration."""
import torch
import torch.nn as nn


class Capture(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(4, 4)
        self.captured = []

    def forward(self, x):
        # ruleid: MU004
        self.layer.register_forward_hook(lambda m, i, o: self.captured.append(o))
        return self.layer(x)


def gbreak_case():
    return Capture(), [(torch.randn(2, 4),)]

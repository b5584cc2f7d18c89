"""`copy.deepcopy` of plain Python data (a dict of ints/floats/strings) inside the region is traced by
Dynamo without a break; deepcopy of a submodule in `__init__` (the usual way to clone layers) is
outside the region."""
import copy

import torch
import torch.nn as nn

DEFAULTS = {"scale": 2.0, "shift": [1, 2], "name": "affine"}


class Affine(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.Linear(2, 2)
        # ok: SE004
        self.layers = nn.ModuleList([copy.deepcopy(layer) for _ in range(2)])

    def forward(self, x):
        # ok: SE004
        cfg = copy.deepcopy(DEFAULTS)
        cfg["scale"] *= 2
        for layer in self.layers:
            x = layer(x)
        return x * cfg["scale"] + cfg["shift"][0]


def gbreak_case():
    return Affine(), [(torch.randn(3, 2),)]

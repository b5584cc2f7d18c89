"""`importlib.import_module(...)` inside `forward` (a lazy optional import): Dynamo does not trace the
import machinery and breaks at the call."""
import importlib

import torch
import torch.nn as nn


class LazyAct(nn.Module):
    def __init__(self, impl="torch.nn.functional"):
        super().__init__()
        self.impl = impl

    def forward(self, x):
        # ruleid: SE007
        F = importlib.import_module(self.impl)
        return F.silu(x)


def gbreak_case():
    return LazyAct(), [(torch.randn(4),)]

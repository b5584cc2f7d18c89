"""`breakpoint()` left in `forward`: Dynamo cannot trace the builtin and breaks there. To keep the case
non-interactive, `gbreak_case` installs a no-op `sys.breakpointhook` before running (the break is
decided at trace time, whatever the hook does)."""
import sys

import torch
import torch.nn as nn


def _no_debugger(*args, **kwargs):
    return None


class Debugged(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        y = self.lin(x)
        # ruleid: SE005
        breakpoint()
        return y.relu()


def gbreak_case():
    sys.breakpointhook = _no_debugger
    return Debugged(), [(torch.randn(2, 3),)]

"""`pdb.set_trace()` in `forward`: Dynamo inlines `pdb.set_trace` and hits the untraceable `sys.audit`
inside it, so the break surfaces at the user's `pdb.set_trace()` line. `gbreak_case` replaces
`pdb.Pdb.set_trace` with a no-op so the case never stops for input."""
import pdb

import torch
import torch.nn as nn


def _no_debugger(*args, **kwargs):
    return None


class Debugged(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(2, 2, 3, padding=1)

    def forward(self, x):
        y = self.conv(x)
        # ruleid: SE005
        pdb.set_trace()
        return y.sigmoid()


def gbreak_case():
    pdb.Pdb.set_trace = _no_debugger
    return Debugged(), [(torch.randn(1, 2, 5),)]

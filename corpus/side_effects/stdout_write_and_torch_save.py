"""Writing to `sys.stdout` directly and `torch.save` to a buffer inside `forward`: both are I/O Dynamo
cannot trace. Even constructing the `io.BytesIO()` buffer breaks (Dynamo cannot trace `type.__new__`
for it)."""
import io
import sys

import torch
import torch.nn as nn


class Checkpointing(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x):
        y = self.lin(x)
        # ruleid: SE009
        sys.stdout.write("")
        # ruleid: SE009
        buf = io.BytesIO()
        # ruleid: SE009
        torch.save(y, buf)
        return y


def gbreak_case():
    return Checkpointing(), [(torch.randn(1, 2),)]

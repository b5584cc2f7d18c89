"""`self.step += 1` on a Python int attribute in `forward`: Dynamo specializes on the int's value, so
every call sees a new value, the guard on `self.step` fails and the frame recompiles (no graph break)."""
import torch
import torch.nn as nn


class WarmupScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = 0
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ruleid: RC001
        self.step += 1
        scale = min(1.0, self.step / 10)
        return self.lin(x) * scale


def gbreak_case():
    x = torch.randn(2, 4)
    return WarmupScale(), [(x,), (x,), (x,)]

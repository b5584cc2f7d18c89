"""`hasattr`/`getattr(..., default)` tests on modules are trace-time constants: no break."""
import torch
import torch.nn as nn


class Layer(nn.Module):
    def __init__(self, with_gate):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        if with_gate:
            self.gate = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        # ok: CF001
        if hasattr(self, "gate"):
            h = h * torch.sigmoid(self.gate(x))
        # ok: CF001
        if getattr(self.fc, "bias", None) is not None:
            h = h - self.fc.bias
        return h


def gbreak_case():
    return Layer(True), [(torch.ones(3, 4),)]

"""Look-alikes that do not break: `nn.LSTMCell` / `nn.GRUCell` stepped in a Python loop, and `nn.Linear`
/ `nn.Conv1d` layers (plain modules Dynamo inlines)."""
import torch
import torch.nn as nn


class Stepper(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 4, 3, padding=1)
        self.cell = nn.LSTMCell(4, 8)
        self.gcell = nn.GRUCell(8, 8)
        self.out = nn.Linear(8, 1)

    def forward(self, x):
        # ok: UO001
        x = self.conv(x.transpose(1, 2)).transpose(1, 2)
        h = c = torch.zeros(x.shape[0], 8)
        for t in range(x.shape[1]):
            # ok: UO001
            h, c = self.cell(x[:, t], (h, c))
            # ok: UO001
            h = self.gcell(h, h)
        # ok: UO001
        return self.out(h)


def gbreak_case():
    return Stepper(), [(torch.randn(2, 3, 4),)]

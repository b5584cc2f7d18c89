"""Cells named like RNN modules (`self.gru = nn.GRUCell(...)`, `self.lstm = nn.LSTMCell(...)`, as in
perceiver-pytorch's gated residual): what __init__ built decides, not the name. Cells trace; a real
nn.GRU under a cell-like name still breaks."""
import torch
import torch.nn as nn


class GatedResidual(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gru = nn.GRUCell(dim, dim)
        self.lstm = nn.LSTMCell(dim, dim)
        self.step = nn.GRU(dim, dim, batch_first=True)

    def forward(self, x):
        b, n, d = x.shape
        flat = x.reshape(b * n, d)
        # ok: UO001
        h = self.gru(flat, flat)
        # ok: UO001
        h, _ = self.lstm(h)
        # ruleid: UO001
        out, _ = self.step(h.reshape(b, n, d))
        return out


def gbreak_case():
    return GatedResidual(4), [(torch.randn(2, 3, 4),)]

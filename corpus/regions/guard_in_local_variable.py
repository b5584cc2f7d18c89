"""The guard's result held in a local variable first (`compiling = torch.compiler.is_compiling()`) is
still a trace-time constant: the guarded `.item()` is not traced."""
import torch
import torch.nn as nn


class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.history = []

    def forward(self, x):
        compiling = torch.compiler.is_compiling()
        y = x * 2
        eager = not compiling
        if eager:
            # ok: CV001
            self.history.append(y.mean().item())
        return y


def gbreak_case():
    return Scaler(), [(torch.ones(3),)]

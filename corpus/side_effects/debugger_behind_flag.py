"""A debugger hook behind a Python flag that is False (`if self.debug: breakpoint()`): the flag is a
guarded constant, the branch is not traced, no break."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, debug=False):
        super().__init__()
        self.debug = debug
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        y = self.lin(x)
        if self.debug:
            # ok: SE005
            breakpoint()
        return y


def gbreak_case():
    return Block(debug=False), [(torch.randn(2, 4),)]

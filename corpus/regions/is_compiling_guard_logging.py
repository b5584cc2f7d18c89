"""Eager-only logging guarded by `if not torch.compiler.is_compiling():` — Dynamo folds the test to
False and never traces the body, so the print and the `.item()` do not break."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        if not torch.compiler.is_compiling():
            # ok: CV001
            peak = h.abs().max().item()
            # ok: SE001
            print(f"activation peak {peak:.3f}")
        return h.relu()


def gbreak_case():
    torch.manual_seed(0)
    return Block(), [(torch.ones(2, 4),)]

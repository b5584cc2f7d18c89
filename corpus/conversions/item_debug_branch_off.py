"""`.item()` under a debug flag that is False: the branch is not traced, so nothing breaks."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.debug = False
        self.seen = []

    def forward(self, x):
        h = self.fc(x)
        if self.debug:
            # ok: CV001
            self.seen.append(h.abs().max().item())
        return h.relu()


def gbreak_case():
    return Block(), [(torch.ones(2, 4),)]

"""Oracle self-test: a Python int attribute read in `forward` and bumped between calls guards the
compiled graph on its value, so every call recompiles."""
import torch
import torch.nn as nn


class Stepper(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = 0

    def forward(self, x):
        # ruleid: RC001
        self.step += 1
        return x * self.step


def gbreak_case():
    return Stepper(), [(torch.ones(2),), (torch.ones(2),), (torch.ones(2),)]

"""Oracle self-test: several kinds of graph break in one module — a print in an inlined helper, a
data-dependent `if`, an explicit graph_break, and `.item()` — plus a recompilation from a
Python-int attribute mutated between calls."""
import torch
import torch.nn as nn


def noisy(x):
    # ruleid: SE001
    print("noisy")
    return x + 1


class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, x):
        x = noisy(x * 2)
        # ruleid: CF001
        if x.sum() > 0:
            x = x - 1
        # ruleid: EB001
        torch._dynamo.graph_break()
        # ruleid: CV001
        s = x.sum().item()
        return x * s


def gbreak_case():
    return Mixed(), [(torch.ones(3),), (torch.ones(3),)]

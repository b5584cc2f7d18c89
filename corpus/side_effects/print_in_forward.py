"""A bare `print` between tensor ops in `forward`: Dynamo cannot trace the builtin, so the graph is split
at the call (unless `print` is in `reorderable_logging_functions`)."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        # ruleid: SE001
        print("block output computed")
        return torch.relu(h)


def gbreak_case():
    return Block(), [(torch.randn(2, 8),)]

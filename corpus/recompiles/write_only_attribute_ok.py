"""Storing bookkeeping on the module that forward never reads back (`self.last_batch_size = ...`) is a
side effect Dynamo replays after the graph; with the same inputs there is no guard failure and no
recompile."""
import torch
import torch.nn as nn


class Recorder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)
        self.last_batch_size = None

    def forward(self, x):
        # ok: RC001
        self.last_batch_size = x.shape[0]
        return self.lin(x)


def gbreak_case():
    x = torch.randn(3, 4)
    return Recorder(), [(x,), (x,), (x,)]

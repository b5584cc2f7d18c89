"""`nn.RNN` (Elman RNN with ReLU) in `forward`: the same unsupported-module break."""
import torch
import torch.nn as nn


@torch.compile(backend="eager")
def encode(rnn, x):
    # ruleid: UO001
    out, h = rnn(x)
    return h[-1]


def gbreak_case():
    return encode, [(nn.RNN(4, 6, nonlinearity="relu"), torch.randn(3, 2, 4))]

"""Calling `loss.backward()` inside a compiled training step: with `trace_autograd_ops=False` (default)
Dynamo breaks at `Tensor.backward()`."""
import torch
import torch.nn as nn

model = nn.Linear(4, 1)


@torch.compile(backend="eager")
def train_step(x, y):
    pred = model(x)
    loss = ((pred - y) ** 2).mean()
    # ruleid: UO002
    loss.backward()
    return loss.detach()


def gbreak_case():
    return train_step, [(torch.randn(8, 4), torch.randn(8, 1))]

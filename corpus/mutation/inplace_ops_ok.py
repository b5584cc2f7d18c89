"""In-place tensor ops that look like mutation but are fine for Dynamo: `add_`, `mul_`, `clamp_` on
intermediates, in-place update of a buffer (running statistics), `index_put_`/slice assignment."""
import torch
import torch.nn as nn


class RunningNorm(nn.Module):
    def __init__(self, dim=4, momentum=0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("running_mean", torch.zeros(dim))

    def forward(self, x):
        mean = x.mean(0)
        # ok: MU002
        self.running_mean.mul_(1 - self.momentum).add_(self.momentum * mean)
        y = x - self.running_mean
        # ok: MU002
        y.clamp_(-3.0, 3.0)
        # ok: MU002
        y[:, 0] = 0.0
        return y


def gbreak_case():
    return RunningNorm(), [(torch.randn(5, 4),)]

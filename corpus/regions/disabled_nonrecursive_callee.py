"""`@torch.compiler.disable(recursive=False)` skips only that function's own frame: a function it
calls is compiled as a frame of its own, so a break inside the callee IS reported."""
import torch
import torch.nn as nn


def scaled(x):
    # ruleid: CV001
    return x * x.abs().max().item()


@torch.compiler.disable(recursive=False)
def wrapper(x):
    return scaled(x) + 1


class M(nn.Module):
    def forward(self, x):
        # ruleid: EB002
        y = wrapper(x * 2)
        return y - 1


def gbreak_case():
    return M(), [(torch.ones(3),)]

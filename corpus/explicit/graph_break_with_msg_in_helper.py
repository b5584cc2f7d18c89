"""`torch._dynamo.graph_break(msg=...)` inside a helper that forward calls (imported under an alias): the
break is reported in the helper."""
import torch
import torch._dynamo as dynamo
import torch.nn as nn


def checkpoint_boundary(x):
    # ruleid: EB001
    dynamo.graph_break(msg="split here for memory")
    return x


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(3, 3) for _ in range(2))

    def forward(self, x):
        x = self.layers[0](x)
        x = checkpoint_boundary(x)
        return self.layers[1](x)


def gbreak_case():
    return Stack(), [(torch.randn(2, 3),)]

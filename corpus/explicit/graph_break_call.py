"""An explicit `torch._dynamo.graph_break()` in `forward` (used to bisect compile problems): one break
at the call, the graph is split in two."""
import torch
import torch.nn as nn


class Split(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x):
        h = self.a(x)
        # ruleid: EB001
        torch._dynamo.graph_break()
        return self.b(h)


def gbreak_case():
    return Split(), [(torch.randn(2, 4),)]

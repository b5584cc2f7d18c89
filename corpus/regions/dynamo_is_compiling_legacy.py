"""The older spelling `torch._dynamo.is_compiling()` is folded the same way: no break in the guarded
branch."""
import torch
import torch.nn as nn


class Norm(nn.Module):
    def __init__(self):
        super().__init__()
        self.max_seen = 0.0

    def forward(self, x):
        n = x.norm(dim=-1, keepdim=True)
        if not torch._dynamo.is_compiling():
            # ok: CV001
            self.max_seen = max(self.max_seen, n.max().item())
        return x / n


def gbreak_case():
    return Norm(), [(torch.ones(2, 4),)]

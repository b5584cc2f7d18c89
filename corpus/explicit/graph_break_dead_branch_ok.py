"""`graph_break()` behind a Python flag that is False, or behind `if not torch.compiler.is_compiling()`:
the branch is not traced, so nothing breaks."""
import torch
import torch.nn as nn

DEBUG_SPLIT = False


class Guarded(nn.Module):
    def forward(self, x):
        y = x.exp()
        if DEBUG_SPLIT:
            # ok: EB001
            torch._dynamo.graph_break()
        if not torch.compiler.is_compiling():
            # ok: EB001
            torch._dynamo.graph_break()
        return y.log1p()


def gbreak_case():
    return Guarded(), [(torch.randn(3),)]

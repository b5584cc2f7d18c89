"""`torch.fx._symbolic_trace.is_fx_tracing()` and `torch.jit.is_tracing()` are folded to False under
Dynamo: the guarded eager-only branch is not traced."""
import torch
import torch.nn as nn
from torch.fx._symbolic_trace import is_fx_tracing


class Gate(nn.Module):
    def forward(self, x):
        if not is_fx_tracing() and not torch.jit.is_tracing():
            y = x
        else:
            # ok: CV001
            y = x * x.max().item()
        return y + 1


def gbreak_case():
    return Gate(), [(torch.ones(3),)]

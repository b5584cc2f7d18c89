"""Look-alike escape hatches that do *not* break: a function registered with
`torch.compiler.allow_in_graph` (put into the graph opaquely) and one marked
`torch._dynamo.assume_constant_result` (evaluated once at trace time)."""
import torch
import torch.nn as nn


def fused_bias_gelu(x, b):
    return torch.nn.functional.gelu(x + b)


torch.compiler.allow_in_graph(fused_bias_gelu)


@torch._dynamo.assume_constant_result
def hardware_scale():
    return 0.5


class FFN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.bias = nn.Parameter(torch.zeros(4))

    def forward(self, x):
        # ok: EB002
        h = fused_bias_gelu(self.lin(x), self.bias)
        # ok: EB002
        return h * hardware_scale()


def gbreak_case():
    return FFN(), [(torch.randn(2, 4),)]

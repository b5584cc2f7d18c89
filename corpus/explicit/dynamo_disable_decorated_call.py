"""The older spelling `@torch._dynamo.disable` (and `@torch.compiler.disable(recursive=False)`): calls
from the compiled region still break at the call site."""
import torch
import torch.nn as nn


@torch._dynamo.disable
def eager_only_norm(x):
    return x / x.norm(dim=-1, keepdim=True)


@torch.compiler.disable(recursive=False)
def shallow_disabled(x):
    return x * 2


class Model(nn.Module):
    def forward(self, x):
        # ruleid: EB002
        y = eager_only_norm(x)
        # ruleid: EB002
        return shallow_disabled(y) + 1


def gbreak_case():
    return Model(), [(torch.randn(2, 3),)]

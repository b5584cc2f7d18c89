"""Creating a tensor that requires grad inside `forward` (`torch.zeros(n, requires_grad=True)`):
Dynamo refuses torch's creation functions with `requires_grad=True` (GB0225). With
`requires_grad=False`, or `requires_grad=self.training` in eval mode, it traces."""
import torch
import torch.nn as nn


class QueryInit(nn.Module):
    def forward(self, x):
        # ruleid: MU001
        learned = torch.zeros(4, requires_grad=True)
        # ok: MU001
        fixed = torch.ones(4, requires_grad=False)
        # ok: MU001
        queries = torch.zeros_like(x, requires_grad=self.training)
        return x + learned + fixed + queries


def gbreak_case():
    return QueryInit(), [(torch.randn(2, 4),)]

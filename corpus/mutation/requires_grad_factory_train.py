"""MaskFormer's `torch.zeros_like(queries, requires_grad=self.training)` in training mode:
`self.training` is True while Dynamo traces, so the creation function gets `requires_grad=True`
and breaks (GB0225); in eval mode it traces (requires_grad_factory.py)."""
import torch
import torch.nn as nn

GBREAK_MODE = "train"


class QueryInit(nn.Module):
    def forward(self, x):
        # ruleid: MU001
        queries = torch.zeros_like(x, requires_grad=self.training)
        return x + queries


def gbreak_case():
    return QueryInit(), [(torch.randn(2, 4),)]

"""Using the shape in arithmetic and reshapes (no dict keyed by it) with the sequence dimension marked
dynamic: three different lengths share one graph, no recompile. Contrast shape_dict_key.py, where the
shape tuple used as a key specializes every length."""
import torch
import torch.nn as nn


class Pooler(nn.Module):
    def forward(self, x):
        # ok: RC003
        b, n = x.shape
        return x.reshape(b, n, 1).mean(dim=1) * n


def gbreak_case():
    calls = []
    for n in (3, 5, 7):
        x = torch.randn(2, n)
        torch._dynamo.mark_dynamic(x, 1)
        calls.append((x,))
    return Pooler(), calls

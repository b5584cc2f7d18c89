"""Slicing with a one-element tensor as the bound (`x[:n]`) breaks. Dynamo 2.13 reports it as a
`Tensor.item()` break (GB0124, the bound is converted with `__index__`), not GB0038, and because it
cannot resume there it runs the whole frame eagerly."""
import torch


@torch.compile(backend="eager")
def head(x, n):
    y = x * 2
    # ruleid: CV007
    return y[:n] + 1


def gbreak_case():
    return head, [(torch.arange(6.0), torch.tensor([3]))]

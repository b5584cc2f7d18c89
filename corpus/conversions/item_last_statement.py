"""`.item()` in the `return` statement: Dynamo still records a graph break there (the graph before
it is compiled; no second graph is needed)."""
import torch


@torch.compile(backend="eager")
def total(a, b):
    # ruleid: CV001
    return (a + b).sum().item()


def gbreak_case():
    return total, [(torch.ones(3), torch.ones(3))]

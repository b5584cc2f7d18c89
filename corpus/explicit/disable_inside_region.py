"""Calling `torch.compiler.disable(...)` itself *inside* the compiled region to wrap a lambda on the fly:
the wrapping call breaks (Dynamo marks `disable` as skipped), and so does calling the result."""
import torch


@torch.compile(backend="eager")
def apply_eager(x):
    x = x + 1
    # ruleid: EB002
    f = torch.compiler.disable(lambda y: y.sort().values)
    # ruleid: EB002
    x = f(x)
    return x * 2


def gbreak_case():
    return apply_eager, [(torch.randn(5),)]

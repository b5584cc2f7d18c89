"""`str(t)` of a tensor breaks (builtin `str` cannot be traced on a tensor), but `"{}".format(t)` whose
result is only returned does not: Dynamo defers the formatting until after the graph."""
import torch


@torch.compile(backend="eager")
def describe(x):
    y = x.sum()
    # ruleid: CV009
    s = str(y)
    z = x * 2
    # ok: CV009
    t = "total={}".format(z)
    return z, s, t


def gbreak_case():
    return describe, [(torch.ones(3),)]

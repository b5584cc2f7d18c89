"""A `@torch.compile`d function calls one helper that breaks (reported inside the helper) and never
calls another."""
import torch


def normalise(t):
    # ruleid: CV004
    return t / float(t.sum())


def unused(t):
    # ok: CV004
    return t / float(t.sum())


@torch.compile(backend="eager")
def step(x):
    return normalise(x.exp()) * 2


def gbreak_case():
    return step, [(torch.ones(3),)]

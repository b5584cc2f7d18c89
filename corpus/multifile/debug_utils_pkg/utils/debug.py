import torch

SPLIT_GRAPHS = True


def split_point(tag):
    """Force a graph boundary for debugging (e.g. to bisect an accuracy problem)."""
    if SPLIT_GRAPHS:
        # ruleid: EB001
        torch._dynamo.graph_break(msg=tag)


def maybe_split(tag, enabled=False):
    if enabled:
        # ok: EB001
        torch._dynamo.graph_break(msg=tag)

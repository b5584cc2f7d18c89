"""All-negative multi-file case: the model calls helpers in compat.py that look like side effects but
are compile-safe in Dynamo 2.13 (a `warnings.warn` behind `is_torchdynamo_compiling()`,
`importlib.util.find_spec`, `inspect.signature`, `copy.deepcopy` of a plain dict). One graph, no
break."""
import torch

from .model import FeedForward


def gbreak_case():
    return FeedForward(), [(torch.tensor([[1, 2, 0, 0]]), torch.randn(1, 4, 4))]

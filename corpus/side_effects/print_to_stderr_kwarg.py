"""`print(..., file=sys.stderr, flush=True)`: keyword arguments do not help, the builtin still breaks."""
import sys

import torch


@torch.compile(backend="eager")
def scaled_softmax(x, temperature):
    logits = x / temperature
    # ruleid: SE001
    print("temperature", temperature, file=sys.stderr, flush=True)
    return torch.softmax(logits, dim=-1)


def gbreak_case():
    return scaled_softmax, [(torch.randn(3, 4), 0.5)]

"""`complex()` of a 0-d tensor needs its value and breaks."""
import torch


@torch.compile(backend="eager")
def rotate(x, phase):
    # ruleid: CV004
    c = complex(phase)
    return x * abs(c)


def gbreak_case():
    return rotate, [(torch.ones(3), torch.tensor(0.5))]

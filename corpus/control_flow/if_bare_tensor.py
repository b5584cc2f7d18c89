"""`if flag:` where `flag` is a one-element bool tensor (an input, not a Python bool) breaks."""
import torch


@torch.compile(backend="eager")
def maybe_negate(x, flag):
    y = x + 1
    # ruleid: CF001
    if flag:
        y = -y
    return y


def gbreak_case():
    return maybe_negate, [(torch.ones(3), torch.tensor(True))]

"""`if bool(mask.any()):` — an explicit `bool()` in an `if` test breaks at the call, before the jump."""
import torch


@torch.compile(backend="eager")
def drop_padding(x, pad_mask):
    # ruleid: CF003
    if bool(pad_mask.any()):
        x = x.masked_fill(pad_mask, 0.0)
    return x * 2


def gbreak_case():
    return drop_padding, [(torch.ones(3), torch.tensor([False, True, False]))]

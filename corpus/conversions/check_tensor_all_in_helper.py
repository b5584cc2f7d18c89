"""`torch._check_tensor_all(t)` reads the tensor's value (it breaks like `.item()`), called directly
or inside a check helper that takes it when the condition is a tensor (transformers'
`torch_compilable_check`); `torch._check` of a shape comparison is a hint and does not break."""
import torch
import torch.nn as nn
from torch._dynamo import is_compiling


def compilable_check(cond, msg):
    if is_compiling():
        if isinstance(cond, torch.Tensor):
            # ruleid: CV010
            torch._check_tensor_all(cond)
        else:
            torch._check(cond)
        return
    # Eager runs only: the compiling branch above returned.
    if isinstance(cond, torch.Tensor):
        # ok: CV010
        torch._check_tensor_all_with(ValueError, cond, lambda: msg)
    elif not cond:
        raise ValueError(msg)


class Checked(nn.Module):
    def forward(self, x, lengths):
        compilable_check(x.shape[0] > 0, "empty batch")
        compilable_check((lengths > 0).all(), "empty sequence")
        # ruleid: CV010
        torch._check_tensor_all_with(ValueError, x.abs().sum() >= 0, lambda: "not finite")
        return x * 2


def gbreak_case():
    return Checked(), [(torch.randn(2, 3), torch.tensor([3, 2]))]

"""An `is_flash_attn_available()`-style probe calling `importlib.util.find_spec` inside `forward`:
Dynamo 2.13 traces it without a break (the spec lookup is evaluated at trace time and guarded), so
this is a look-alike, not a skipped-stdlib break."""
import importlib.util

import torch
import torch.nn as nn


def is_fancy_kernel_available():
    return importlib.util.find_spec("definitely_not_installed_kernel_pkg") is not None


class Attn(nn.Module):
    def forward(self, q, k):
        # ok: SE007
        if is_fancy_kernel_available():
            return q
        return torch.softmax(q @ k.transpose(-1, -2), dim=-1)


def gbreak_case():
    return Attn(), [(torch.randn(2, 3, 4), torch.randn(2, 3, 4))]

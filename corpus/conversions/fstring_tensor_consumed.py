"""An f-string holding a tensor is fine while it is only stored, but using the string inside the
compiled region (here a substring test) breaks on the line that uses it, not on the f-string."""
import torch
import torch.nn as nn


class NanTag(nn.Module):
    def forward(self, x):
        m = x.mean()
        # ok: CV009
        s = f"mean={m}"
        # ruleid: CV009
        if "nan" in s:
            return torch.zeros_like(x)
        return x - m


def gbreak_case():
    return NanTag(), [(torch.ones(3),)]

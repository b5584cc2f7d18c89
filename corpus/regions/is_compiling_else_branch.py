"""`if torch.compiler.is_compiling(): <traceable> else: <eager-only>` — only the first branch is
traced; the `else` branch with `.nonzero()` never is."""
import torch
import torch.nn as nn


class Compact(nn.Module):
    def forward(self, x, mask):
        if torch.compiler.is_compiling():
            y = x * mask
        else:
            # ok: DS001
            idx = mask.nonzero().squeeze(-1)
            y = torch.zeros_like(x).index_copy(0, idx, x[idx])
        return y


def gbreak_case():
    return Compact(), [(torch.arange(4.0), torch.tensor([1.0, 0.0, 1.0, 0.0]))]

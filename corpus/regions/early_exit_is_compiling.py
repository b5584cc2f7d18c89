"""Early exit `if torch.compiler.is_compiling(): return ...`: everything after it is eager-only and is
never traced, so the `.tolist()` and the data-dependent loop below do not break."""
import torch
import torch.nn as nn


class Router(nn.Module):
    def forward(self, x, lengths):
        if torch.compiler.is_compiling():
            return x.sum(-1)
        # ok: CV002
        sizes = lengths.tolist()
        out = []
        for row, n in zip(x, sizes):
            out.append(row[:n].sum())
        return torch.stack(out)


def gbreak_case():
    return Router(), [(torch.ones(2, 4), torch.tensor([2, 3]))]

"""Iterating a list whose every element is a tensor yields tensors: `if p <= 0:` on an element of
`[limit - c for c in counts]` (a tensor `limit`) breaks, like ViLT's pad choice; the same test on
an element of a list of sizes (`[v.size(0) ...]`) is a guard on a Python int, no break."""
import torch
import torch.nn as nn


class PadChoice(nn.Module):
    def forward(self, x, mask):
        counts = [row.size(0) for row in x]
        limit = mask.sum(-1).max()
        pads = [limit - c for c in counts]
        total = x.sum()
        for c in counts:
            # ok: CF001
            if c > 2:
                total = total + 1
        first = pads[0]
        # ruleid: CF001
        if first > 100:
            total = total * 2
        return total


def gbreak_case():
    return PadChoice(), [(torch.ones(3, 4), torch.ones(3, 4))]

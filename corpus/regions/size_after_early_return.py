"""EnCodec's `_pad1d` shape: after an early return gbreak cannot decide (`self.mode`), the breaks of
the rest of the function share that condition, so the first of them still happens on every run that
reaches the later ones. Once it has, `right` is a graph input of the frame Dynamo compiles next and
`torch.arange(0, right)` reads it without a second break."""
import torch
import torch.nn as nn


class Pad(nn.Module):
    def __init__(self, mode):
        super().__init__()
        self.mode = mode

    def pad(self, x, left, right):
        if self.mode != "reflect":
            return x
        # ruleid: CF001
        if left > right:
            x = x * 2
        # ok: CV008
        return x.sum() + torch.arange(0, right).sum()

    def forward(self, x, sizes):
        s = sizes * 1
        return self.pad(x, s[0], s[1])


def gbreak_case():
    return Pad("reflect"), [(torch.ones(2, 3), torch.tensor([1, 2]))]

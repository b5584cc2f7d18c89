"""A test of a name above the line that rebinds it to a tensor reads the value bound before: a
Python int there, no break (ViLT's `if max_image_length < 0 ...` above
`max_image_length = effective_resolution.max()`). Below the rebinding the name is a tensor, and
inside a loop the rebinding reaches the test above it on the next iteration."""
import torch
import torch.nn as nn


class ClampedLength(nn.Module):
    def clamp(self, x, max_length=4):
        # ok: CF001
        if max_length < 0 or max_length is None or not isinstance(max_length, int):
            max_length = x.sum(-1).max()
        else:
            max_length = x.sum(-1).max() + max_length
        # ruleid: CF001
        if max_length > 100:
            x = x / 2
        return x

    def running_total(self, x):
        total = 0
        for row in x:
            # ruleid: CF001
            if total > 1:
                x = x - 1
            total = total + row.sum()
        return x

    def forward(self, x):
        return self.running_total(self.clamp(x))


def gbreak_case():
    return ClampedLength(), [(torch.ones(3, 4),)]

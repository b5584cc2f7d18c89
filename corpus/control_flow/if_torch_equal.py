"""`torch.equal` returns a Python bool computed from tensor data; branching on it breaks."""
import torch
import torch.nn as nn


class SkipIfUnchanged(nn.Module):
    def forward(self, new, old):
        # ruleid: CF001
        if torch.equal(new, old):
            return old
        return new * 0.9 + old * 0.1


def gbreak_case():
    return SkipIfUnchanged(), [(torch.ones(4), torch.zeros(4))]

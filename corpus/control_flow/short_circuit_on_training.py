"""A data-dependent operand Python never evaluates: in train mode `self.training is False and ...`
is decided by its left operand, and `self.training or ...` by its left operand, so the tensor
comparisons on the right are not run and nothing breaks there. In eval mode the same tests read
tensor data (see the ruleid lines of the eval look-alike below)."""
import torch
import torch.nn as nn

GBREAK_MODE = "train"


class Quantizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])
        self.threshold = nn.Parameter(torch.zeros(3))

    def forward(self, x, n_quantizers: torch.Tensor):
        for i, layer in enumerate(self.layers):
            # ok: CF001
            if self.training is False and i >= n_quantizers:
                break
            # ok: CF001
            if i >= 1 and (self.training or self.threshold[i] > 0):
                x = layer(x)
        return x


def gbreak_case():
    return Quantizer(), [(torch.randn(2, 3), torch.tensor(2))]

"""Depth bins spaced between two log depths: `torch.linspace` takes 0-d tensors as its start and
end (it has tensor overloads), so nothing is read out of them; a number of steps computed from
tensor data is read as a Python int and breaks, as `torch.arange(lengths.max())` does."""
import torch
import torch.nn as nn


class DepthBins(nn.Module):
    def __init__(self):
        super().__init__()
        self.min_depth = 0.5
        self.max_depth = 8.0

    def forward(self, x, counts):
        # ok: CV008
        log = torch.linspace(
            torch.log(torch.full((), self.min_depth)),
            torch.log(torch.full((), self.max_depth)),
            x.shape[-1],
        )
        # ruleid: CV008
        extra = torch.linspace(0.0, 1.0, counts.max())
        return x * torch.exp(log), extra


def gbreak_case():
    return DepthBins(), [(torch.ones(2, 4), torch.tensor([3, 5]))]

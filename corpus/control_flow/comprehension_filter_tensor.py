"""A list-comprehension filter that tests a tensor value breaks inside the comprehension."""
import torch
import torch.nn as nn


class KeepPositiveRows(nn.Module):
    def forward(self, x):
        rows = x * 2
        # ruleid: CF001
        kept = [r for r in rows if r.sum() > 0]
        return torch.stack(kept)


def gbreak_case():
    return KeepPositiveRows(), [(torch.arange(12.0).reshape(3, 4) - 2,)]

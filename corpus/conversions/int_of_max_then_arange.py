"""`n = int(lengths.max())`, then `torch.arange(n)`: the `int()` reads tensor data and breaks there
(CV004); the frame Dynamo resumes holds `n` as a Python int, so the `arange` and the slice that use
it are traced without a second break."""
import torch
import torch.nn as nn


class Padded(nn.Module):
    def forward(self, x, lengths):
        # ruleid: CV004
        n = int(lengths.max())
        # ok: CV008
        positions = torch.arange(n)
        # ok: CV007
        y = x[:, :n]
        return y * (positions[None, :] < lengths[:, None])


def gbreak_case():
    return Padded(), [(torch.ones(2, 5), torch.tensor([2, 4]))]

"""`torch.nonzero` has a data-dependent output shape and breaks (GB0036) by default."""
import torch
import torch.nn as nn


class ActiveRows(nn.Module):
    def forward(self, x):
        active = x.abs().sum(-1) > 0
        # ruleid: DS001
        idx = torch.nonzero(active).squeeze(-1)
        return x.index_select(0, idx)


def gbreak_case():
    x = torch.tensor([[1.0, 2.0], [0.0, 0.0], [3.0, 0.0]])
    return ActiveRows(), [(x,)]

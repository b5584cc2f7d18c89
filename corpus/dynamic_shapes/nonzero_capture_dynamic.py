"""With `capture_dynamic_output_shape_ops=True`, `nonzero` gets an unbacked output size: no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class ActiveRows(nn.Module):
    def forward(self, x):
        active = x.abs().sum(-1) > 0
        # ok: DS001
        idx = torch.nonzero(active).squeeze(-1)
        return x.index_select(0, idx)


def gbreak_case():
    x = torch.tensor([[1.0, 2.0], [0.0, 0.0], [3.0, 0.0]])
    return ActiveRows(), [(x,)]

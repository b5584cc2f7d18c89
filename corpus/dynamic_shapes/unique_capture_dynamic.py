"""`torch.unique` with `capture_dynamic_output_shape_ops=True`: traced with an unbacked output size, no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class Vocab(nn.Module):
    def forward(self, ids):
        # ok: DS001
        uniq = torch.unique(ids)
        return uniq * 2


def gbreak_case():
    return Vocab(), [(torch.tensor([3, 1, 3, 2]),)]

"""`torch.bincount` without `minlength` under `capture_dynamic_output_shape_ops=True`: check whether
Dynamo traces it."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class Histogram(nn.Module):
    def forward(self, ids):
        # ok: DS001
        return torch.bincount(ids)


def gbreak_case():
    return Histogram(), [(torch.tensor([0, 2, 2, 1]),)]

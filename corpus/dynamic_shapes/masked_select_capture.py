"""`masked_select` and `unique_consecutive` under `capture_dynamic_output_shape_ops=True`."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class Picker(nn.Module):
    def forward(self, x, mask):
        # ok: DS001
        picked = torch.masked_select(x, mask)
        # ok: DS001
        runs = torch.unique_consecutive(picked)
        return runs * 2


def gbreak_case():
    return Picker(), [(torch.tensor([1.0, 1.0, 2.0, 3.0]), torch.tensor([True, True, False, True]))]

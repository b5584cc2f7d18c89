"""One-argument `torch.where` under `capture_dynamic_output_shape_ops=True`: traced, no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class Gather(nn.Module):
    def forward(self, x, mask):
        # ok: DS002
        (idx,) = torch.where(mask)
        return x[idx] * 2


def gbreak_case():
    return Gather(), [(torch.arange(5.0), torch.tensor([True, False, True, False, True]))]

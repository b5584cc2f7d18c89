"""`F.one_hot` without `num_classes` breaks even under `capture_dynamic_output_shape_ops=True`
(Dynamo special-cases it, GB0246)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class Encode(nn.Module):
    def forward(self, labels):
        # ruleid: DS006
        return F.one_hot(labels).float()


def gbreak_case():
    return Encode(), [(torch.tensor([0, 2, 1]),)]

"""Rebinding `.data` of a tensor created inside the region (`h.data = ...`): Dynamo only supports `.data`
mutation on tensors created outside `torch.compile` (GB0056) and breaks."""
import torch
import torch.nn as nn


class Quantizer(nn.Module):
    def forward(self, x):
        h = x * 4
        # ruleid: MU002
        h.data = torch.round(h.data)
        return h / 4


def gbreak_case():
    return Quantizer(), [(torch.randn(5),)]

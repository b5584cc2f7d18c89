"""`.numpy().astype(object)` has no tensor equivalent and breaks (GB0250)."""
import torch
import torch.nn as nn


class Boxes(nn.Module):
    def forward(self, boxes):
        b = boxes * 2
        # ruleid: CV003
        return b.numpy().astype(object)


def gbreak_case():
    return Boxes(), [(torch.ones(2, 4),)]

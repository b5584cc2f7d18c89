"""`bool(t)` per element in a list comprehension (flags for each sequence in the batch): each call needs
a tensor value and breaks."""
import torch
import torch.nn as nn


class Flags(nn.Module):
    def forward(self, x, finished):
        # ruleid: CF003
        done = [bool(f) for f in finished]
        return x * 2, done


def gbreak_case():
    return Flags(), [(torch.ones(2), torch.tensor([True, False]))]

"""Indexing a tensor with a 0-d integer tensor (`x[lengths[0]]`) breaks in Dynamo 2.13 (GB0033: the
index is read as a Python int), whereas indexing with 1-d index tensors stays in the graph."""
import torch
import torch.nn as nn


class PickRow(nn.Module):
    def forward(self, x, idx):
        # ruleid: CV007
        row = x[idx[0]]
        # ok: CV007
        rows = x[idx]
        return row + rows.sum(0)


def gbreak_case():
    return PickRow(), [(torch.arange(12.0).reshape(4, 3), torch.tensor([2, 1]))]

"""Indexing a tensor with a 0-d integer tensor (`x[lengths[0]]`) breaks in Dynamo 2.13 (GB0033: the
index is read as a Python int), whereas indexing with 1-d index tensors stays in the graph, also
columns picked out of a 2-d index tensor (`x[pairs[:, 0], pairs[:, 1]]`, ViLT's patch select)."""
import torch
import torch.nn as nn


class PickRow(nn.Module):
    def forward(self, x, idx, pairs):
        # ok: CV007
        picked = x[pairs[:, 0], pairs[:, 1]]
        # ok: CV007
        rows = x[idx]
        # ruleid: CV007
        row = x[idx[0]]
        return row + rows.sum(0) + picked.sum()


def gbreak_case():
    return PickRow(), [(torch.arange(12.0).reshape(4, 3), torch.tensor([2, 1]),
                        torch.tensor([[0, 1], [2, 2]]))]

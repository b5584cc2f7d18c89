"""Columns picked out of a 2-d index tensor (`x[pairs[:, 0], pairs[:, 1]]`, ViLT's patch select,
EfficientLoFTR's matches) are 1-d index tensors: advanced indexing, traced by Dynamo 2.13. Only
a 0-d pick (`x[idx[0]]`, tensor_index_0d.py) is read as a Python int."""
import torch
import torch.nn as nn


class PickPairs(nn.Module):
    def forward(self, x, pairs):
        # ok: CV007
        picked = x[pairs[:, 0], pairs[:, 1]]
        # ok: CV007
        rows = x[pairs[:, 0]]
        return picked.sum() + rows.sum()


def gbreak_case():
    return PickPairs(), [(torch.arange(12.0).reshape(4, 3), torch.tensor([[0, 1], [2, 2]]))]

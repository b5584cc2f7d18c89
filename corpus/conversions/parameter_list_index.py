"""An nn.ParameterList holds Parameters: indexing one of its tables with an index tensor
(`table[idx]`, MONAI NaViT's per-axis position tables) is tensor indexing and traces; indexing a
Python list of floats with a 0-d tensor reads the tensor as an int and breaks."""
import torch
import torch.nn as nn


class AxisTables(nn.Module):
    def __init__(self):
        super().__init__()
        self.tables = nn.ParameterList([nn.Parameter(torch.randn(8, 4)) for _ in range(2)])
        self.scales = [1.0, 2.0]

    def forward(self, x, idx, which):
        for table in self.tables:
            # ok: CV007
            x = x + table[idx]
        # ok: CV007
        first = self.tables[0][idx]
        # ruleid: CV007
        scale = self.scales[which]
        return x * scale + first


def gbreak_case():
    return AxisTables(), [(torch.randn(3, 4), torch.tensor([1, 5, 7]), torch.tensor(1))]

"""A size read from a 0-d tensor the frame receives as a graph input does not break: torch reads it
without `.item()`. After the first break of a function Dynamo compiles the rest of it as a frame of
its own (the function itself once its caller broke at the call, or a resume function after a break
in its own code), whose graph inputs are the function's parameters and the locals bound before the
break. So SAM3's `torch.arange(0, width)` after `torch.arange(0, height)` broke is no second break,
nor is a size from a local carried over an explicit break; a size computed after the break
(`width + 1`), a local bound after it, and `range()` of such a tensor still break."""
import torch
import torch.nn as nn


class Grid(nn.Module):
    def coords(self, height, width):
        # ruleid: CV008
        rows = torch.arange(0, height) / height
        # ok: CV008
        cols = torch.arange(0, width) / width
        # ok: CV008
        flat = rows.new_zeros(height, width)
        # ruleid: CV008
        wide = torch.arange(0, width + 1)
        return rows, cols, flat, wide

    def forward(self, x, shape):
        hw = shape * 2
        rows, cols, flat, wide = self.coords(hw[0], hw[1])
        n = hw.sum()
        # ruleid: EB001
        torch._dynamo.graph_break()
        # ok: CV008
        carried = torch.zeros(n)
        m = hw.max()
        # ruleid: CV008
        late = torch.zeros(m)
        total = 0
        # ruleid: CV008
        for _ in range(n):
            total = total + 1
        return x.sum() + rows.sum() + cols.sum() + flat.sum() + wide.sum() + carried.sum() + late.sum() + total


def gbreak_case():
    return Grid(), [(torch.ones(3), torch.tensor([1, 2]))]

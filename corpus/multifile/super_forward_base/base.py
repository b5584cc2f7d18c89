import torch
import torch.nn as nn


class BaseBlock(nn.Module):
    """Shared base: the common part of forward lives here and subclasses call super().forward()."""

    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.debug = True

    def forward(self, x):
        x = self.norm(x)
        if self.debug:
            # ruleid: SE001
            print("BaseBlock.forward", tuple(x.shape))
        return x

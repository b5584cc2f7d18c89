import warnings

import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, img=8, patch=4, c=3, dim=8):
        super().__init__()
        self.img = img
        self.proj = nn.Conv2d(c, dim, patch, stride=patch)

    def forward(self, x):
        if x.shape[-1] != self.img:
            # ruleid: SE003
            warnings.warn(f"input size {x.shape[-1]} does not match model ({self.img}); interpolating")
        return self.proj(x).flatten(2).transpose(1, 2)

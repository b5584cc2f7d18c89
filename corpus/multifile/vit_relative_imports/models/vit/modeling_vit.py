import torch
import torch.nn as nn

from vit_relative_imports.layers.norm import ScaleNorm

from ...layers.patch import PatchEmbed


class ViT(nn.Module):
    def __init__(self, img=8, dim=8, n_classes=5):
        super().__init__()
        self.patch_embed = PatchEmbed(img=img, dim=dim)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.norm = ScaleNorm(dim)
        self.head = nn.Linear(dim, n_classes)

    def forward(self, pixels):
        x = self.patch_embed(pixels)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], dim=1)
        return self.head(self.norm(x)[:, 0])

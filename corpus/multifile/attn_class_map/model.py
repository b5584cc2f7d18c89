import torch.nn as nn

from .attention_impls import ATTN_CLASSES


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.attn = ATTN_CLASSES[cfg.impl](cfg)
        self.ff = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        x = x + self.attn(x)
        return x + self.ff(x)

import torch
import torch.nn as nn
import torch.nn.functional as F


class _Base(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.heads = cfg.heads
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)

    def split(self, x):
        b, n, d = x.shape
        return self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)


class EagerAttention(_Base):
    def forward(self, x):
        q, k, v = self.split(x)
        w = (q @ k.transpose(-1, -2)).softmax(-1)
        # todook: SE001
        print("eager attention weights", w.shape)
        return (w @ v).transpose(1, 2).flatten(2)


class SdpaAttention(_Base):
    def forward(self, x):
        q, k, v = self.split(x)
        return F.scaled_dot_product_attention(q, k, v).transpose(1, 2).flatten(2)


@torch.compiler.disable
def _external_flash_kernel(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


class FlashAttention(_Base):
    def forward(self, x):
        q, k, v = self.split(x)
        # todook: EB002
        return _external_flash_kernel(q, k, v).transpose(1, 2).flatten(2)


ATTN_CLASSES = {"eager": EagerAttention, "sdpa": SdpaAttention, "flash": FlashAttention}

import torch.nn as nn
import torch.nn.functional as F

from . import kernels


class SdpaAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).unsqueeze(1).chunk(3, dim=-1)
        return F.scaled_dot_product_attention(q, k, v).squeeze(1)


class FlashAttention(SdpaAttention):
    def forward(self, x):
        q, k, v = self.qkv(x).unsqueeze(1).chunk(3, dim=-1)
        # ruleid: EB002
        return kernels.flash_attn_func(q, k, v).squeeze(1)


ATTENTION_CLASSES = {"sdpa": SdpaAttention, "flash_attention_2": FlashAttention}

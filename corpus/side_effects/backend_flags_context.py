"""Backend switches entered inside `forward` (cuDNN off around a layer, oneDNN off): each is a
`torch.backends` generator context manager Dynamo cannot enter, and since a `with` block cannot
be resumed, that whole `forward` runs eagerly. The look-alike `torch.nn.attention.sdpa_kernel`
context is one Dynamo supports."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


class CudnnOff(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ruleid: SE013
        with torch.no_grad(), torch.backends.cudnn.flags(enabled=False):
            return self.lin(x)


class OnednnOff(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ruleid: SE013
        with torch.backends.mkldnn.flags(enabled=False):
            return self.lin(x)


class MathAttention(nn.Module):
    def forward(self, x):
        q = x.view(1, 1, 2, 4)
        # ok: SE013
        with sdpa_kernel(SDPBackend.MATH):
            return F.scaled_dot_product_attention(q, q, q).flatten()


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.ref = CudnnOff()
        self.proj = OnednnOff()
        self.attn = MathAttention()

    def forward(self, x):
        return self.attn(self.proj(x) - self.ref(x))


def gbreak_case():
    return Encoder(), [(torch.randn(2, 4),)]

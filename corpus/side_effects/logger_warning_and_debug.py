"""Several logger levels in one forward (`debug`, `warning`, `error`): each one is a break."""
import logging

import torch
import torch.nn as nn

log = logging.getLogger("model.attention")


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x, mask=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if mask is None:
            # ruleid: SE002
            log.warning("no attention mask given, attending to all positions")
        scores = q @ k.transpose(-1, -2)
        # ruleid: SE002
        log.debug("scores computed")
        out = scores.softmax(-1) @ v
        # ruleid: SE002
        log.error("done")
        return out


def gbreak_case():
    return Attention(), [(torch.randn(2, 5, 8),)]

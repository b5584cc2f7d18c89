"""A private method called from `forward` is traced too: the data-dependent branch inside it breaks on
its own line."""
import torch
import torch.nn as nn


class GradClipLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.max_norm = 1.0

    def _rescale(self, t):
        norm = t.norm()
        # ruleid: CF001
        if norm > self.max_norm:
            t = t * (self.max_norm / norm)
        return t

    def forward(self, x):
        return self._rescale(x * 3) + 1


def gbreak_case():
    return GradClipLike(), [(torch.ones(4),)]

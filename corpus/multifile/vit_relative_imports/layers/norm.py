import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class ScaleNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.g = nn.Parameter(torch.ones(1) * dim ** 0.5)

    def forward(self, x):
        if not torch.compiler.is_compiling():
            # ok: SE002
            logger.debug("ScaleNorm eager path")
        return self.g * x / x.norm(dim=-1, keepdim=True).clamp(min=1e-5)

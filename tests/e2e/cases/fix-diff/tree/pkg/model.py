"""Side effects in forward: the guard edit where it is safe, nothing where it is not."""

import logging
import warnings

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        print("x:", x.shape)  # debug
        logger.info("batch of %d", x.shape[0])
        if x.dim() != 2:
            warnings.warn(
                "expected a 2-d input",
                UserWarning,
            )
        y = self.proj(x)
        if y.shape[0] > 1: print("big batch")  # one-line body: left alone
        print("""y:
        """, y.shape)  # a string over two lines: left alone
        scale = y.sum().item()
        return y * scale

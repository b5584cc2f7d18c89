"""Guarding a debug log with `logger.isEnabledFor(logging.DEBUG)` does not help: `isEnabledFor` is
itself a Logger method Dynamo cannot trace, so the break moves to the guard."""
import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class Pool(nn.Module):
    def forward(self, x):
        pooled = x.mean(dim=1)
        # ruleid: SE002
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("pooled norm %s", pooled.norm())
        return pooled


def gbreak_case():
    return Pool(), [(torch.randn(2, 4, 3),)]

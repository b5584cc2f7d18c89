"""`logger.info(...)` on a module-level `logging.getLogger(__name__)` inside `forward`: Logger methods
are not traceable (unless listed in `ignore_logging_functions` / `reorderable_logging_functions`), so
the graph breaks at the call even when the level is disabled."""
import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(8, 4)

    def forward(self, h):
        # ruleid: SE002
        logger.info("decoding batch of %d", h.shape[0])
        return self.out(h)


def gbreak_case():
    return Decoder(), [(torch.randn(3, 8),)]

"""`reorderable_logging_functions` does not cover Logger methods in Dynamo 2.13: with both the bound
`logger.info` and the class-level `logging.Logger.info` in the set, `logger.info(...)` still breaks
(GB0291). Only `ignore_logging_functions` silences Logger methods (see logger_ignored_by_config.py)."""
import logging

import torch
import torch.nn as nn

logger = logging.getLogger("reorder.me")

GBREAK_DYNAMO_CONFIG = {"reorderable_logging_functions": {logger.info, logging.Logger.info}}


class Proj(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        y = self.fc(x)
        # ruleid: SE002
        logger.info("projected")
        return y


def gbreak_case():
    return Proj(), [(torch.randn(2, 3),)]

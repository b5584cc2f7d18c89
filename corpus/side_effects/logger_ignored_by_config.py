"""`torch._dynamo.config.ignore_logging_functions` (alias `ignore_logger_methods`) containing the
class-level `logging.Logger.info` / `logging.Logger.warning`: Dynamo turns those calls into no-ops,
so nothing breaks. `logger.debug` is not listed and still breaks."""
import logging

import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"ignore_logging_functions": {logging.Logger.info, logging.Logger.warning}}

logger = logging.getLogger(__name__)


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        # ok: SE002
        logger.info("gate input %s", tuple(x.shape))
        g = torch.sigmoid(self.lin(x))
        # ok: SE002
        logger.warning("gating")
        # ruleid: SE002
        logger.debug("gate computed")
        return x * g


def gbreak_case():
    return Gate(), [(torch.randn(2, 4),)]

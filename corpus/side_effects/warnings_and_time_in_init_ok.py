"""`warnings.warn` for a deprecated constructor argument, a `time.time()` build timestamp and a
`logger.info` in `__init__`: all outside the compiled region; forward is clean."""
import logging
import time
import warnings

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class Model(nn.Module):
    def __init__(self, hidden=4, dropout_prob=None):
        super().__init__()
        if dropout_prob is not None:
            # ok: SE003
            warnings.warn("`dropout_prob` is deprecated, use `dropout`", FutureWarning)
        # ok: SE007
        self.built_at = time.time()
        # ok: SE002
        logger.info("built model with hidden=%d", hidden)
        self.lin = nn.Linear(hidden, hidden)

    def forward(self, x):
        return self.lin(x).tanh()


def gbreak_case():
    return Model(dropout_prob=0.1), [(torch.randn(2, 4),)]

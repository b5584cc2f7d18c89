"""`logging.getLogger(__name__)` called inside `forward` (instead of at module level) also breaks: Dynamo
traces into `getLogger` and fails on the logger manager's internals."""
import logging

import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 2)

    def forward(self, x):
        # ruleid: SE002
        log = logging.getLogger(__name__)
        return self.fc(x).log_softmax(-1)


def gbreak_case():
    return Classifier(), [(torch.randn(4, 6),)]

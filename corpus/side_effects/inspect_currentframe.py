"""`inspect.currentframe()` in `forward` (e.g. to find the caller for a log message): it calls
`sys._getframe`, which Dynamo cannot trace; the break is reported at the user's call."""
import inspect

import torch
import torch.nn as nn


class Tracer(nn.Module):
    def forward(self, x):
        # ruleid: SE006
        frame = inspect.currentframe()
        return x * 2 + 1


def gbreak_case():
    return Tracer(), [(torch.randn(3),)]

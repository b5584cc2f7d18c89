"""With `print` in `torch._dynamo.config.reorderable_logging_functions`, Dynamo defers the call to
after the graph instead of breaking: constant and tensor arguments without keywords are fine."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"reorderable_logging_functions": {print}}


class Scaler(nn.Module):
    def forward(self, x):
        y = x * 2
        # ok: SE001
        print("scaled")
        z = y + 1
        # ok: SE001
        print(z)
        return z


def gbreak_case():
    return Scaler(), [(torch.ones(3),)]

"""Reading a file in `forward` (a vocabulary or threshold loaded lazily): `open()` and the file method
calls are not traceable; Dynamo breaks at `open` and again at the method call on the file object."""
import torch
import torch.nn as nn


class Thresholder(nn.Module):
    def forward(self, x):
        # ruleid: SE009
        f = open(__file__)
        # ruleid: SE009
        f.close()
        return (x > 0.5).float()


def gbreak_case():
    return Thresholder(), [(torch.rand(5),)]

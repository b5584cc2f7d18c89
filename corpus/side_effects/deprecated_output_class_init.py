"""A deprecated alias of an output class, defined in the module under the name it imports
(`class Output(Output):`, the last binding wins, as in Python): building it in forward runs its
__init__, and the warning there is a call Dynamo skips. The look-alike builds the imported class
directly, whose __init__ warns of nothing."""
import warnings
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Output:
    sample: torch.Tensor


class PlainOutput(Output):
    pass


class Output(Output):
    def __init__(self, *args, **kwargs):
        # ruleid: SE003
        warnings.warn("`Output` is deprecated, use `PlainOutput`", FutureWarning)
        super().__init__(*args, **kwargs)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, x):
        # ok: SE003
        plain = PlainOutput(sample=self.proj(x))
        return Output(sample=plain.sample * 2)


def gbreak_case():
    return Net(), [(torch.randn(2, 3),)]

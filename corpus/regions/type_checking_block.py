"""`if TYPE_CHECKING:` is False at runtime, at module level and inside `forward`: nothing in it runs or
is traced."""
from typing import TYPE_CHECKING

import torch
import torch.nn as nn

if TYPE_CHECKING:
    # ok: CV001
    _EXAMPLE_SCALE = torch.ones(1).item()


class Head(nn.Module):
    def forward(self, x):
        if TYPE_CHECKING:
            # ok: CV002
            reveal = x.tolist()
        return x.softmax(-1)


def gbreak_case():
    return Head(), [(torch.ones(2, 3),)]

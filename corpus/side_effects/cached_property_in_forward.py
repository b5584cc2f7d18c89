"""`functools.cached_property` read for the first time inside a compiled region: on Python 3.11
and older its getter takes a lock (`with self.lock:`), an unsupported context manager (GB0142),
so the read breaks (NeMo-style causal convolutions: `left_pad`). A plain `@property` is traced,
and a cached property `__init__` already read is a plain attribute of the instance by then (its
getter no longer runs)."""
from functools import cached_property

import torch
import torch.nn as nn


class CausalConv(nn.Conv1d):
    def __init__(self):
        super().__init__(4, 4, 3)
        self.width = self.right_pad  # filled here: forward reads the instance's own attribute

    @cached_property
    def left_pad(self):
        return (self.kernel_size[0] - 1) * self.dilation[0]

    @cached_property
    def right_pad(self):
        return 0

    @property
    def stride_pad(self):
        return self.stride[0] - 1

    def forward(self, x):
        # ok: SE012
        x = nn.functional.pad(x, (self.stride_pad, self.right_pad))
        # ruleid: SE012
        x = nn.functional.pad(x, (self.left_pad, 0))
        return super().forward(x)


def gbreak_case():
    return CausalConv(), [(torch.randn(1, 4, 8),)]

"""A method decorated with `@torch._dynamo.disable` and called from `forward`: the call site breaks,
the body (a data-dependent branch) is not traced."""
import torch
import torch.nn as nn


class Monitor(nn.Module):
    def __init__(self):
        super().__init__()
        self.overflow_steps = 0

    @torch._dynamo.disable
    def _check_overflow(self, t):
        # ok: CF001
        if not torch.isfinite(t).all():
            self.overflow_steps += 1

    def forward(self, x):
        h = x.exp()
        # ruleid: EB002
        self._check_overflow(h)
        return h.log1p()


def gbreak_case():
    return Monitor(), [(torch.ones(3),)]

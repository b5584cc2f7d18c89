"""A helper with a break, called in a loop of `forward`: Dynamo inlines the helper, meets the break
where it cannot resume `forward` (inside the loop), and runs all of `forward` eagerly; the helper
then runs as a frame of its own and breaks there on every call. The `.item()` later in `forward`
is never traced, so it never breaks (until the helper's break is fixed). The look-alike calls the
same helper once, outside any loop: Dynamo resumes after it and the later read breaks."""
import torch
import torch.nn as nn


class Rescale(nn.Module):
    def scale(self, x):
        # ruleid: CV001
        return x * x.sum().item()

    def forward(self, x):
        for _ in range(2):
            x = self.scale(x)
        # ok: CV001
        n = x.max().item()
        return x + n


class RescaleOnce(nn.Module):
    def scale(self, x):
        # ruleid: CV001
        return x * x.sum().item()

    def forward(self, x):
        x = self.scale(x)
        # ruleid: CV001
        n = x.max().item()
        return x + n


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.looped = Rescale()
        self.once = RescaleOnce()

    def forward(self, x):
        return self.looped(x) + self.once(x)


def gbreak_case():
    return Model(), [(torch.randn(2, 3),)]

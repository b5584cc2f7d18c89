"""A helper called from `forward` prints: Dynamo inlines the helper and the break is reported on the
helper's `print` line, not on the call in `forward`."""
import torch
import torch.nn as nn


def log_stats(name, t):
    # ruleid: SE001
    print(name, "mean", t.mean())


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(5, 5), nn.GELU(), nn.Linear(5, 5))

    def forward(self, x):
        out = x + self.body(x)
        log_stats("residual", out)
        return out


def gbreak_case():
    return Residual(), [(torch.randn(2, 5),)]

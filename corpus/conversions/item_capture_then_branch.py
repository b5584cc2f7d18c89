"""`capture_scalar_outputs=True` removes the `.item()` break, but branching on the captured value is
still data-dependent and breaks at the `if`."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_scalar_outputs": True}


class ClipByNorm(nn.Module):
    def forward(self, x):
        # ok: CV001
        norm = x.norm().item()
        # ruleid: CF001
        if norm > 1.0:
            x = x / norm
        return x


def gbreak_case():
    return ClipByNorm(), [(torch.ones(4),)]

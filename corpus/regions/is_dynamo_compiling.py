"""`torch.compiler.is_dynamo_compiling()` guarding a data-dependent check: folded, no break."""
import torch
import torch.nn as nn


class Clamp(nn.Module):
    def forward(self, x):
        if not torch.compiler.is_dynamo_compiling():
            # ok: CF001
            if torch.isinf(x).any():
                raise ValueError("inf in input")
        return x.clamp(-5, 5)


def gbreak_case():
    return Clamp(), [(torch.ones(3),)]

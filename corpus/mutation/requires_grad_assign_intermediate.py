"""Setting `t.requires_grad = True` on an intermediate inside `forward` (to make it a new leaf): Dynamo does
not support setattr on `Tensor.requires_grad` (GB0206) and breaks."""
import torch
import torch.nn as nn


class SaliencyProbe(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.enc(x).detach()
        # ruleid: MU001
        h.requires_grad = True
        return h.tanh()


def gbreak_case():
    return SaliencyProbe(), [(torch.randn(2, 4),)]

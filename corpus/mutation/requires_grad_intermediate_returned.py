"""`requires_grad_()` on an intermediate that is then returned from the region: the new leaf would leak
out of the graph (GB8985), so Dynamo breaks at the call."""
import torch
import torch.nn as nn


class Leafify(nn.Module):
    def forward(self, x):
        y = (x * 2).detach()
        # ruleid: MU001
        y.requires_grad_()
        return y


def gbreak_case():
    return Leafify(), [(torch.randn(3),)]

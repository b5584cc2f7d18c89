"""With `torch._dynamo.config.trace_autograd_ops = True`, Dynamo 2.13 traces `torch.autograd.grad` and
`Tensor.backward()` inside the region instead of breaking."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"trace_autograd_ops": True}


class SelfTuning(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(3, 1)

    def forward(self, x):
        y = self.net(x).sum()
        # ok: UO003
        (gw,) = torch.autograd.grad(y, [self.net.weight], retain_graph=True)
        loss = self.net(x).pow(2).mean()
        # ok: UO002
        loss.backward()
        return gw * 2 + loss.detach()


def gbreak_case():
    return SelfTuning(), [(torch.randn(4, 3),)]

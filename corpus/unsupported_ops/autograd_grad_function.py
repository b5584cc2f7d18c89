"""`torch.autograd.grad` in a compiled function that computes a derivative of a network's output."""
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))


@torch.compile(backend="eager")
def weight_grad(t):
    u = net(t).sum()
    # ruleid: UO003
    grads = torch.autograd.grad(u, list(net.parameters()))
    return torch.cat([g.flatten() for g in grads])


def gbreak_case():
    return weight_grad, [(torch.randn(5, 1),)]

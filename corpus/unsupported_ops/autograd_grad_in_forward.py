"""`torch.autograd.grad` inside `forward` (a gradient penalty / physics-informed loss): with
`trace_autograd_ops=False` it breaks (GB9186)."""
import torch
import torch.nn as nn


class GradPenalty(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x):
        x = x.detach().requires_grad_(False)
        with torch.enable_grad():
            x_in = x * 1.0
            score = self.critic(x_in).sum()
            # ruleid: UO003
            (g,) = torch.autograd.grad(score, [self.critic[0].weight], create_graph=True)
        return score + g.norm()


def gbreak_case():
    return GradPenalty(), [(torch.randn(4, 3),)]

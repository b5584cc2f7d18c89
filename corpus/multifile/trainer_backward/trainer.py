import torch
import torch.nn as nn

from .losses import gradient_penalty


class Trainer(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = nn.Linear(3, 1)

    def forward(self, real):
        gp = gradient_penalty(self.critic, real)
        loss = self.critic(real).mean() + 10 * gp
        # ruleid: UO002
        loss.backward()
        return loss.detach()

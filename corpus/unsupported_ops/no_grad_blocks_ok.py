"""Grad-mode context managers (`torch.no_grad()`, `torch.enable_grad()`, `torch.inference_mode()` decorator
equivalents) and `.detach()` are supported inside the region; they do not call the autograd engine."""
import torch
import torch.nn as nn


class Teacher(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 4)
        self.teacher = nn.Linear(4, 4)

    def forward(self, x):
        # ok: UO003
        with torch.no_grad():
            target = self.teacher(x)
        # ok: UO002
        with torch.enable_grad():
            pred = self.student(x)
        return (pred - target.detach()).pow(2).mean()


def gbreak_case():
    return Teacher(), [(torch.randn(2, 4),)]

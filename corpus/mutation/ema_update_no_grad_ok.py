"""An EMA teacher updated inside `forward` with in-place ops under `torch.no_grad()` (`ema_p.mul_(d).add_(p,
alpha=1 - d)`): in-place updates of parameters created outside the region are traced fine."""
import torch
import torch.nn as nn


class MeanTeacher(nn.Module):
    def __init__(self, decay=0.99):
        super().__init__()
        self.decay = decay
        self.student = nn.Linear(4, 4)
        self.teacher = nn.Linear(4, 4)
        self.teacher.requires_grad_(False)

    def forward(self, x):
        with torch.no_grad():
            for ema_p, p in zip(self.teacher.parameters(), self.student.parameters()):
                # ok: MU002
                ema_p.mul_(self.decay).add_(p, alpha=1 - self.decay)
        return self.student(x) - self.teacher(x)


def gbreak_case():
    return MeanTeacher(), [(torch.randn(2, 4),)]

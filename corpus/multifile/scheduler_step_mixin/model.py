import torch.nn as nn

from .mixins import StepCounterMixin


class WarmupDropoutNet(StepCounterMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.num_steps = 0
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        ramp = self._advance()
        return self.lin(x) * ramp

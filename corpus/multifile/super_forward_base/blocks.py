import torch
import torch.nn as nn

from .base import BaseBlock


class ConvBlock(BaseBlock):
    def __init__(self, dim):
        super().__init__(dim)
        self.debug = False
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, x):
        x = super().forward(x)
        return self.conv(x.transpose(1, 2)).transpose(1, 2)


class MLPBlock(BaseBlock):
    def __init__(self, dim):
        super().__init__(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = super().forward(x)
        return x + self.fc(h)

import torch
import torch.nn as nn

from .decorators import can_return_tuple, timed


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 3)
        self.last_duration = 0.0

    @can_return_tuple
    @timed
    def forward(self, x):
        return {"logits": self.body(x)}

"""`torch._dynamo.graph_break()` in eager-only code (a collate function run before the model, never called
from the compiled forward) has no effect on the compiled region."""
import torch
import torch.nn as nn


def collate(samples):
    # ok: EB001
    torch._dynamo.graph_break()
    return torch.stack(samples)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, batch):
        return self.lin(batch).softmax(-1)


def gbreak_case():
    return Model(), [(torch.randn(2, 3),)]

"""A module-level utility that nothing in the compiled region calls (an evaluation loop): its breaking
code is not part of any graph."""
import torch
import torch.nn as nn


def evaluate(model, batches):
    total = 0.0
    for x, y in batches:
        # ok: CV001
        total += ((model(x) - y) ** 2).mean().item()
    # ok: CF001
    if torch.tensor(total) > 1.0:
        total = 1.0
    return total


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        return self.fc(x)


def gbreak_case():
    torch.manual_seed(0)
    return Regressor(), [(torch.ones(2, 3),)]

"""The usual arrangement: only the forward is compiled and `.backward()` / `optimizer.step()` run in an
uncompiled training loop. The compiled forward has no break."""
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        return self.body(x)


def train_one(model, opt, x, y):
    loss = ((model(x) - y) ** 2).mean()
    # ok: UO002
    loss.backward()
    opt.step()
    return loss


def gbreak_case():
    return Net(), [(torch.randn(4, 4),)]

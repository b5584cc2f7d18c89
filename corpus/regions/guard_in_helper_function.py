"""A logging helper that returns early under compilation: Dynamo inlines it, folds the guard and never
reaches the print."""
import torch
import torch.nn as nn


def log_stats(name, t):
    if torch.compiler.is_compiling():
        return
    # ok: CV001, SE001
    print(name, t.mean().item())


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        log_stats("fc", h)
        return h.tanh()


def gbreak_case():
    torch.manual_seed(0)
    return Layer(), [(torch.ones(2, 4),)]

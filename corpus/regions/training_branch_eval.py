"""Training-only statistics behind `if self.training:` — in eval mode (the default) Dynamo guards on
the flag and never traces the branch."""
import torch
import torch.nn as nn


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(4, 2)
        self.load_history = []

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        if self.training:
            # ok: CV002
            self.load_history.append(probs.mean(0).tolist())
        return probs


def gbreak_case():
    torch.manual_seed(0)
    return Router(), [(torch.ones(3, 4),)]

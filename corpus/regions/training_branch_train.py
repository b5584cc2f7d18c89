"""The same training-only statistics in train mode (`GBREAK_MODE = "train"`): the branch is traced and
the `.tolist()` breaks."""
import torch
import torch.nn as nn

GBREAK_MODE = "train"


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(4, 2)
        self.load_history = []

    def forward(self, x):
        probs = self.gate(x).softmax(-1)
        if self.training:
            # ruleid: CV002
            self.load_history.append(probs.mean(0).tolist())
        return probs


def gbreak_case():
    torch.manual_seed(0)
    return Router(), [(torch.ones(3, 4),)]

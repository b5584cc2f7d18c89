"""A `@torch.compiler.disable` debugging helper that `forward` never calls: its breaking body is
irrelevant to the compiled region."""
import torch
import torch.nn as nn


@torch.compiler.disable
def dump_activations(t):
    # ok: CV002
    values = t.tolist()
    # ok: SE001
    print("activations", values)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x).relu()


def gbreak_case():
    torch.manual_seed(0)
    return MLP(), [(torch.ones(2, 4),)]

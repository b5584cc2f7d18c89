"""A submodule's `forward`, reached through `self.pooler(h)`, is traced as part of the parent: its
boolean-mask indexing breaks on the submodule's line."""
import torch
import torch.nn as nn


class MaskedPooler(nn.Module):
    def forward(self, h, mask):
        # ruleid: DS004
        return h[mask].mean(0)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.pooler = MaskedPooler()

    def forward(self, x, mask):
        h = self.fc(x)
        return self.pooler(h, mask)


def gbreak_case():
    torch.manual_seed(0)
    return Encoder(), [(torch.ones(3, 4), torch.tensor([True, False, True]))]

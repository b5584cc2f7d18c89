"""The mirror image: an eval-only data-dependent shortcut under `if not self.training:` is not traced
in train mode."""
import torch
import torch.nn as nn

GBREAK_MODE = "train"


class Dropper(nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(0.1)

    def forward(self, x, mask):
        if not self.training:
            # ok: DS004
            return x[mask].mean(0)
        return self.drop(x).mean(0)


def gbreak_case():
    torch.manual_seed(0)
    return Dropper(), [(torch.ones(3, 4), torch.tensor([True, False, True]))]

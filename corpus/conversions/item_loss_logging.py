"""Storing `loss.item()` on the module for logging (a common training-step habit) breaks."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.last_loss = 0.0

    def forward(self, x, y):
        loss = F.cross_entropy(self.fc(x), y)
        # ruleid: CV001
        self.last_loss = loss.item()
        return loss


def gbreak_case():
    torch.manual_seed(0)
    return Classifier(), [(torch.ones(2, 4), torch.tensor([0, 2]))]

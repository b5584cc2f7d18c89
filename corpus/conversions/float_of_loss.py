"""`float(loss)` for logging breaks, like `.item()`."""
import torch
import torch.nn as nn


class MSE(nn.Module):
    def __init__(self):
        super().__init__()
        self.logged = {}

    def forward(self, pred, target):
        loss = ((pred - target) ** 2).mean()
        # ruleid: CV004
        self.logged["mse"] = float(loss)
        return loss


def gbreak_case():
    return MSE(), [(torch.ones(3), torch.zeros(3))]

"""Freezing a parameter from inside `forward` (`self.embed.weight.requires_grad = False` after warm-up):
the same unsupported setattr on `requires_grad`, on a parameter this time."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, freeze_embeddings=True):
        super().__init__()
        self.freeze_embeddings = freeze_embeddings
        self.embed = nn.Embedding(10, 4)
        self.head = nn.Linear(4, 2)

    def forward(self, ids):
        if self.freeze_embeddings:
            # ruleid: MU001
            self.embed.weight.requires_grad = False
        return self.head(self.embed(ids))


def gbreak_case():
    return Model(), [(torch.tensor([[1, 2, 3]]),)]

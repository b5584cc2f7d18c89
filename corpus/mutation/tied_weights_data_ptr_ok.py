"""Surprise in Dynamo 2.13: comparing `data_ptr()` of two *parameters* (a tied-weights check) does not
break; both are module attributes known at trace time, so the comparison is decided and guarded."""
import torch
import torch.nn as nn


class TiedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(8, 4)
        self.head = nn.Linear(4, 8, bias=False)
        self.head.weight = self.embed.weight

    def forward(self, ids):
        h = self.embed(ids)
        # ok: MU003
        if self.head.weight.data_ptr() == self.embed.weight.data_ptr():
            return h @ self.embed.weight.t()
        return self.head(h)


def gbreak_case():
    return TiedHead(), [(torch.tensor([[0, 3, 5]]),)]

"""Indexing with integer index tensors, Python ints and slices keeps static shapes: no break."""
import torch
import torch.nn as nn


class GatherLastToken(nn.Module):
    def forward(self, hidden, last_pos):
        batch = torch.arange(hidden.shape[0])
        # ok: DS004
        last = hidden[batch, last_pos]
        # ok: DS004
        first = hidden[:, 0]
        # ok: DS004
        picked = hidden[torch.tensor([1, 0])]
        return last + first + picked.sum(1)


def gbreak_case():
    return GatherLastToken(), [(torch.ones(2, 4, 3), torch.tensor([3, 1]))]

"""A shape test compiled for several input lengths: Dynamo recompiles (or goes dynamic) but never breaks."""
import torch
import torch.nn as nn


class ChunkOrPad(nn.Module):
    def forward(self, x):
        # ok: CF001
        if x.shape[1] > 6:
            return x[:, :6]
        return torch.nn.functional.pad(x, (0, 6 - x.shape[1]))


def gbreak_case():
    return ChunkOrPad(), [(torch.ones(2, 4),), (torch.ones(2, 8),), (torch.ones(2, 5),)]

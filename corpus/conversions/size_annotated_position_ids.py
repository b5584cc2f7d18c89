"""A position-embedding module whose `forward` takes the input's shape, annotated `torch.Size` (as
BART-family models do): its sizes are Python ints, so `torch.arange` over them does not break. A
look-alike that takes a tensor of lengths does."""
import torch
import torch.nn as nn


class Positions(nn.Embedding):
    def forward(self, input_ids_shape: torch.Size, past_key_values_length: int = 0):
        bsz, seq_len = input_ids_shape[:2]
        # ok: CV008
        positions = torch.arange(past_key_values_length, past_key_values_length + seq_len)
        return super().forward(positions)


class LengthPositions(nn.Embedding):
    def forward(self, lengths: torch.Tensor):
        # ruleid: CV008
        positions = torch.arange(lengths.max())
        return super().forward(positions)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.positions = Positions(16, 4)
        self.by_length = LengthPositions(16, 4)

    def forward(self, input_ids, lengths):
        return self.positions(input_ids.size()).sum() + self.by_length(lengths).sum()


def gbreak_case():
    return Model(), [(torch.ones(1, 5, dtype=torch.long), torch.tensor([3, 5]))]

"""`repeat_interleave` with tensor repeats and an explicit `output_size`: the output shape is known, so
there is no break."""
import torch
import torch.nn as nn


class LengthRegulator(nn.Module):
    def __init__(self):
        super().__init__()
        self.max_frames = 6

    def forward(self, x, durations):
        # ok: DS003
        return torch.repeat_interleave(x, durations, dim=0, output_size=self.max_frames)


def gbreak_case():
    return LengthRegulator(), [(torch.ones(3, 2), torch.tensor([1, 2, 3]))]

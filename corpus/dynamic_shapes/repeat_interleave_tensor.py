"""`repeat_interleave` with tensor repeats (expand each token by its predicted duration, as in
FastSpeech's length regulator) has a data-dependent output length: breaks."""
import torch
import torch.nn as nn


class LengthRegulator(nn.Module):
    def forward(self, x, durations):
        # ruleid: DS003
        return torch.repeat_interleave(x, durations, dim=0)


def gbreak_case():
    return LengthRegulator(), [(torch.ones(3, 2), torch.tensor([1, 2, 3]))]

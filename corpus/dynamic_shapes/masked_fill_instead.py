"""`masked_fill` and multiplying by the mask keep static shapes: the traceable way to zero or mask
positions, no break."""
import torch
import torch.nn as nn


class MaskScores(nn.Module):
    def forward(self, scores, pad_mask):
        # ok: DS005
        scores = scores.masked_fill(pad_mask[:, None, :], float("-inf"))
        probs = scores.softmax(-1)
        # ok: DS005
        return probs * (~pad_mask)[:, :, None]


def gbreak_case():
    pad = torch.tensor([[False, False, True], [False, True, True]])
    return MaskScores(), [(torch.ones(2, 3, 3), pad)]

"""Detection-style early exit when no box survives the score threshold: `if keep.sum() == 0` breaks."""
import torch
import torch.nn as nn


class PostProcess(nn.Module):
    def __init__(self):
        super().__init__()
        self.score_thresh = 0.5

    def forward(self, boxes, scores):
        keep = scores > self.score_thresh
        # ruleid: CF001
        if keep.sum() == 0:
            return boxes[:0]
        weights = keep.float().unsqueeze(-1)
        return boxes * weights


def gbreak_case():
    return PostProcess(), [(torch.ones(3, 4), torch.tensor([0.9, 0.1, 0.7]))]

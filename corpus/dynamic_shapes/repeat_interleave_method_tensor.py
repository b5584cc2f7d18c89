"""Method form `x.repeat_interleave(counts, dim=0)` with tensor counts breaks too."""
import torch
import torch.nn as nn


class ExpandBeams(nn.Module):
    def forward(self, enc, beams_per_item):
        # ruleid: DS003
        return enc.repeat_interleave(beams_per_item, dim=0)


def gbreak_case():
    return ExpandBeams(), [(torch.ones(2, 3), torch.tensor([2, 1]))]

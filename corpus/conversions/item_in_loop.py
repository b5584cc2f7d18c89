"""`.item()` inside a loop over per-head values: a break in a loop, so the whole frame runs eagerly."""
import torch
import torch.nn as nn


class HeadStats(nn.Module):
    def forward(self, attn):
        stats = []
        for h in range(attn.shape[1]):
            # ruleid: CV001
            stats.append(attn[:, h].max().item())
        return attn * 2, stats


def gbreak_case():
    return HeadStats(), [(torch.ones(1, 2, 3, 3),)]

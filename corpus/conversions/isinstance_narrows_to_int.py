"""A name tested by `isinstance(pos, int)` is an int in that branch: `torch.arange(pos)` there is
no tensor-range break, though `pos` is a tensor on the path the call takes (diffusers'
get_1d_rotary_pos_embed). Outside the branch it is the tensor again."""
import torch
import torch.nn as nn


def rotary_positions(pos, dim):
    if isinstance(pos, int):
        # ok: CV008
        pos = torch.arange(pos)
    freqs = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
    return torch.outer(pos.float(), freqs)


class Rotary(nn.Module):
    def forward(self, pos, n):
        emb = rotary_positions(pos, 8)
        if isinstance(n, (int, float)):
            # ok: CV008
            extra = torch.arange(n)
            emb = emb + extra.sum()
        # ruleid: CV008
        return emb, torch.arange(n.max())


def gbreak_case():
    return Rotary(), [(torch.arange(4), torch.tensor([3]))]

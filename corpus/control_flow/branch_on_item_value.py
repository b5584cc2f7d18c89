"""A branch on a name that holds `x.item()`: Dynamo breaks at the `.item()` (CV001) and resumes
with a Python number, so the later `if` is no second break (Longformer's `is_global_attn`)."""
import torch
import torch.nn as nn


class GlobalAttentionSwitch(nn.Module):
    def forward(self, x, mask):
        # ruleid: CV001
        has_global = mask.flatten().any().item()
        y = x * 2
        # ok: CF001
        if has_global:
            y = y + 1
        # ok: CF001
        z = y - 1 if has_global else y
        return z


def gbreak_case():
    return GlobalAttentionSwitch(), [(torch.ones(4), torch.tensor([0, 1, 0, 0]))]

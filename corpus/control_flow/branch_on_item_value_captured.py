"""The same branch under capture_scalar_outputs: `.item()` is traced as a symbolic scalar, and
branching on it is data-dependent control flow, which breaks."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_scalar_outputs": True}


class GlobalAttentionSwitchCaptured(nn.Module):
    def forward(self, x, mask):
        # ok: CV001
        has_global = mask.flatten().any().item()
        y = x * 2
        # ruleid: CF001
        if has_global:
            y = y + 1
        return y


def gbreak_case():
    return GlobalAttentionSwitchCaptured(), [(torch.ones(4), torch.tensor([0, 1, 0, 0]))]

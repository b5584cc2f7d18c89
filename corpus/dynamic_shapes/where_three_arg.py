"""Three-argument `torch.where(cond, a, b)` is elementwise with a static shape: no break."""
import torch
import torch.nn as nn


class MaskLogits(nn.Module):
    def forward(self, logits, mask):
        # ok: DS002
        masked = torch.where(mask, logits, torch.finfo(logits.dtype).min)
        # ok: DS002
        safe = torch.where(torch.isnan(masked), 0.0, masked)
        return safe.softmax(-1)


def gbreak_case():
    return MaskLogits(), [(torch.ones(2, 3), torch.tensor([[True, True, False], [True, False, False]]))]

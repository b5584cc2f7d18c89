"""HF-style shortcut: skip building the additive mask when the attention mask is all ones.
`is not None` is fine; `(attention_mask == 1).all()` is a tensor value and the `if` breaks."""
import torch
import torch.nn as nn


class MaskBuilder(nn.Module):
    def forward(self, hidden, attention_mask=None):
        # ok: CF001
        if attention_mask is None:
            return hidden
        # ruleid: CF001
        if (attention_mask == 1).all():
            return hidden
        additive = (1.0 - attention_mask[:, None, :].float()) * -1e4
        return hidden + additive.transpose(1, 2)


def gbreak_case():
    mask = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]])
    return MaskBuilder(), [(torch.ones(2, 4, 1), mask)]

"""Boolean-mask indexing with `capture_dynamic_output_shape_ops=True`: traced with an unbacked size,
no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class PaddingFreeSum(nn.Module):
    def forward(self, hidden, attention_mask):
        # ok: DS004
        tokens = hidden[attention_mask.bool()]
        return tokens.sum(0)


def gbreak_case():
    mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
    return PaddingFreeSum(), [(torch.ones(2, 3, 4), mask)]

"""`bool()` of shapes, Python attributes and `None`-able config values is constant: no break."""
import torch
import torch.nn as nn


class Pooler(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad_token_id = None

    def forward(self, x):
        # ok: CF003
        has_rows = bool(x.shape[0])
        # ok: CF003
        use_pad = bool(self.pad_token_id)
        # ok: CF003
        if has_rows and not use_pad and bool(self.training) is False:
            return x.mean(0)
        return x


def gbreak_case():
    return Pooler(), [(torch.ones(3, 2),)]

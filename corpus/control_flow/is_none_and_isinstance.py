"""`is None` / `is not None` and `isinstance` tests are resolved while tracing: no break."""
import torch
import torch.nn as nn


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
        self.pos = nn.Embedding(8, 4)

    def forward(self, input_ids, position_ids=None, extra=None):
        # ok: CF001
        if position_ids is None:
            position_ids = torch.arange(input_ids.shape[1]).unsqueeze(0)
        h = self.emb(input_ids) + self.pos(position_ids)
        # ok: CF001
        if isinstance(extra, (tuple, list)):
            h = h + sum(extra)
        # ok: CF001
        elif extra is not None:
            h = h + extra
        return h


def gbreak_case():
    ids = torch.tensor([[1, 2, 3], [4, 5, 6]])
    return Embed(), [(ids, None, (torch.ones(1), torch.ones(1)))]

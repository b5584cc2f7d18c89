"""A `@torch.compiler.disable` function called from `forward`: one break at the call site (EB002);
the `.item()` and `.tolist()` inside it run eagerly and are not breaks of their own."""
import torch
import torch.nn as nn


@torch.compiler.disable
def record_stats(store, t):
    # ok: CV001
    store["max"] = t.max().item()
    # ok: CV002
    store["first_row"] = t[0].tolist()


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.stats = {}

    def forward(self, x):
        h = x * 2
        # ruleid: EB002
        record_stats(self.stats, h)
        return h + 1


def gbreak_case():
    return Probe(), [(torch.ones(2, 3),)]

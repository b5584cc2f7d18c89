"""HF-style LayerDrop through a flag (wav2vec2, HuBERT, NLLB-MoE): `skip = False`, then
`skip = torch.rand([]) < p` only under `if self.training:`, then `if not skip:`. The flag holds a
tensor on the path that ran the branch, a Python bool on the other: in eval mode the branch never runs,
so the flag stays False and nothing breaks."""
import torch
import torch.nn as nn

GBREAK_MODE = "eval"


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in range(2))
        self.layerdrop = 0.1

    def forward(self, x):
        synced = False
        for layer in self.layers:
            skip = False
            if self.training:
                p = torch.rand([])
                skip = p < self.layerdrop
            # ok: CF001
            if not skip or synced:
                x = layer(x)
        return x


def gbreak_case():
    return Encoder(), [(torch.ones(2, 4),)]

"""`copy.deepcopy(self.config)` inside `forward` copies a configuration object (plain Python
attributes, no tensors): Dynamo traces the copy without a break (whisper builds its decoder cache
from such a copy). Copying a submodule held on `self` breaks (deepcopy_module_in_forward.py)."""
import copy

import torch
import torch.nn as nn


class Config:
    def __init__(self):
        self.num_layers = 2
        self.decoder_layers = 1
        self.name = "tiny"


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        # ok: SE004
        cache_config = copy.deepcopy(self.config)
        cache_config.num_layers = self.config.decoder_layers
        return self.proj(x) * cache_config.num_layers


def gbreak_case():
    return Decoder(), [(torch.randn(2, 4),)]

"""Tests on a config object's attributes (HF-style `self.config.x`) are guards on Python values: no break."""
import torch
import torch.nn as nn
from dataclasses import dataclass


@dataclass
class Config:
    hidden_size: int = 8
    hidden_act: str = "gelu"
    output_attentions: bool = False
    layer_norm_eps: float = 1e-6
    num_layers: int = 2


class MLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.fc = nn.Linear(config.hidden_size, config.hidden_size)
        self.ln = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, x):
        h = self.fc(x)
        # ok: CF001
        if self.config.hidden_act == "gelu":
            h = torch.nn.functional.gelu(h)
        else:
            h = h.relu()
        # ok: CF001
        if self.config.output_attentions or self.config.num_layers > 4:
            return h, None
        return self.ln(h)


def gbreak_case():
    return MLP(Config()), [(torch.ones(2, 8),)]

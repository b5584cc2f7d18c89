import torch
import torch.nn as nn

from .attention import ToyAttention
from .configuration import ToyLlamaConfig


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class DecoderLayer(nn.Module):
    def __init__(self, config: ToyLlamaConfig):
        super().__init__()
        self.input_layernorm = RMSNorm(config.hidden_size)
        self.self_attn = ToyAttention(config)
        self.mlp = nn.Sequential(nn.Linear(config.hidden_size, 32), nn.SiLU(), nn.Linear(32, config.hidden_size))

    def forward(self, hidden_states):
        attn_out, _ = self.self_attn(self.input_layernorm(hidden_states))
        hidden_states = hidden_states + attn_out
        return hidden_states + self.mlp(hidden_states)


class ToyLlamaModel(nn.Module):
    def __init__(self, config: ToyLlamaConfig):
        super().__init__()
        self.config = config
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(DecoderLayer(config) for _ in range(config.num_hidden_layers))
        self.norm = RMSNorm(config.hidden_size)

    def forward(self, input_ids):
        h = self.embed_tokens(input_ids)
        for layer in self.layers[: self.config.num_hidden_layers]:
            h = layer(h)
        return self.norm(h)

import torch.nn as nn

from attn_class_map_flash.attention import ATTENTION_CLASSES


class Layer(nn.Module):
    def __init__(self, dim, attn_implementation):
        super().__init__()
        self.self_attn = ATTENTION_CLASSES[attn_implementation](dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return self.mlp(x + self.self_attn(x))


class Model(nn.Module):
    def __init__(self, dim=8, n_layers=2, attn_implementation="flash_attention_2"):
        super().__init__()
        self.layers = nn.ModuleList(Layer(dim, attn_implementation) for _ in range(n_layers))

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

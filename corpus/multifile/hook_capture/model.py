import torch.nn as nn

from .layers import EncoderLayer
from .output_capturing import maybe_install_capturing_hooks


class Encoder(nn.Module):
    def __init__(self, dim=4, n=2, output_hidden_states=True):
        super().__init__()
        self.output_hidden_states = output_hidden_states
        self.layers = nn.ModuleList(EncoderLayer(dim) for _ in range(n))

    def forward(self, x):
        if self.output_hidden_states:
            maybe_install_capturing_hooks(self, EncoderLayer)
        for layer in self.layers:
            x = layer(x)
        return x

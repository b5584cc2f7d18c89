"""A speech model whose encoder submodule (encoder.py, assigned in `__init__` as `self.encoder`) runs an
`nn.LSTM`: the break is in encoder.py. Because the RNN break is not resumable, the top-level forward
falls back to eager and the encoder frame is then compiled on its own and breaks again there."""
import torch

from .model import ASRModel


def gbreak_case():
    return ASRModel(), [(torch.randn(2, 6, 8),)]

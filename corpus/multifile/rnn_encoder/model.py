import torch.nn as nn

from .encoder import SpeechEncoder
from .heads import CTCHead


class ASRModel(nn.Module):
    def __init__(self, n_mels=8, hidden=12, vocab=10):
        super().__init__()
        self.encoder = SpeechEncoder(n_mels, hidden)
        self.head = CTCHead(hidden, vocab)

    def forward(self, feats):
        return self.head(self.encoder(feats))

import torch.nn as nn


class CTCHead(nn.Module):
    def __init__(self, hidden, vocab):
        super().__init__()
        self.proj = nn.Linear(hidden, vocab)

    def forward(self, h):
        return self.proj(h).log_softmax(-1)

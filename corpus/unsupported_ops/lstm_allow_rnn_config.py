"""With `torch._dynamo.config.allow_rnn = True` Dynamo traces into `nn.LSTM` instead of refusing it."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"allow_rnn": True}


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 4, batch_first=True)

    def forward(self, x):
        # ok: UO001
        out, _ = self.lstm(x)
        return out.sum(-1)


def gbreak_case():
    return Tagger(), [(torch.randn(2, 3, 4),)]

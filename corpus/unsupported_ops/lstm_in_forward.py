"""An `nn.LSTM` called in `forward` (a sequence encoder): with `allow_rnn=False` (the default) Dynamo
refuses to wrap RNN/GRU/LSTM modules and breaks at the call. The break is not resumable, so the
whole `forward` frame (embedding and head included) runs eagerly."""
import torch
import torch.nn as nn


class SeqEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(20, 8)
        self.rnn = nn.LSTM(8, 16, batch_first=True)
        self.head = nn.Linear(16, 2)

    def forward(self, ids):
        h = self.embed(ids)
        # ruleid: UO001
        out, (hn, cn) = self.rnn(h)
        return self.head(hn[-1])


def gbreak_case():
    return SeqEncoder(), [(torch.randint(0, 20, (2, 5)),)]

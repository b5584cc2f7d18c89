import torch.nn as nn


class SpeechEncoder(nn.Module):
    def __init__(self, n_mels, hidden):
        super().__init__()
        self.subsample = nn.Conv1d(n_mels, hidden, 3, stride=2, padding=1)
        self.lstm = nn.LSTM(hidden, hidden, num_layers=2, batch_first=True)

    def forward(self, feats):
        h = self.subsample(feats.transpose(1, 2)).transpose(1, 2)
        # ruleid: UO001
        out, _ = self.lstm(h)
        return out

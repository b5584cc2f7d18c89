"""An LSTM passed from `forward` to a helper function: Dynamo already breaks in `forward`, where the LSTM
attribute is loaded to be passed along (the frame is skipped); the helper then runs as its own frame
and breaks at the module call inside it. Both lines are break sites."""
import torch
import torch.nn as nn


def run_encoder(encoder, x):
    # ruleid: UO001
    out, _ = encoder(x)
    return out[:, -1]


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.LSTM(3, 5, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(10, 2)

    def forward(self, x):
        # ruleid: UO001
        return self.fc(run_encoder(self.encoder, x))


def gbreak_case():
    return Classifier(), [(torch.randn(2, 4, 3),)]

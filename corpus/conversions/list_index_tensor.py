"""Indexing a Python list with a 0-d tensor (`self.id2label[pred]`) converts it with `__index__`, i.e.
`.item()`: breaks."""
import torch
import torch.nn as nn


class Labeler(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)
        self.scales = [0.5, 1.0, 2.0]

    def forward(self, x):
        logits = self.fc(x)
        pred = logits.sum(0).argmax()
        # ruleid: CV007
        s = self.scales[pred]
        return logits * s


def gbreak_case():
    torch.manual_seed(0)
    return Labeler(), [(torch.ones(2, 4),)]

"""`range(lengths.max())` in a per-step decoder breaks (tensor passed to `range`)."""
import torch
import torch.nn as nn


class StepDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Linear(4, 4)

    def forward(self, x, lengths):
        h = torch.zeros(x.shape[0], 4)
        # ruleid: CV008
        for t in range(lengths.max()):
            h = torch.tanh(self.cell(x[:, t] + h))
        return h


def gbreak_case():
    torch.manual_seed(0)
    return StepDecoder(), [(torch.ones(2, 3, 4), torch.tensor([2, 3]))]

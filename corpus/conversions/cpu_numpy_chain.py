"""`.detach().cpu().numpy()` then `np.argmax` inside `forward`: traced through `torch._numpy` with the
default `trace_numpy=True`, no break (the ndarray is rebuilt from the graph output)."""
import numpy as np
import torch
import torch.nn as nn


class Predict(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        logits = self.fc(x)
        # ok: CV003
        arr = logits.detach().cpu().numpy()
        # ok: CV006
        return np.argmax(arr, axis=-1)


def gbreak_case():
    torch.manual_seed(0)
    return Predict(), [(torch.ones(2, 4),)]

"""Debug prints guarded by `torch.compiler.is_compiling()` (and the older `torch._dynamo.is_compiling()`):
the guard is constant-folded while tracing, the branch is dropped, and nothing breaks."""
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        y = self.fc(x)
        if not torch.compiler.is_compiling():
            # ok: SE001
            print("eager debug:", y.shape)
        if not torch._dynamo.is_compiling():
            # ok: SE001
            print("eager debug again")
        return y.softmax(-1)


def gbreak_case():
    return Head(), [(torch.randn(4, 6),)]

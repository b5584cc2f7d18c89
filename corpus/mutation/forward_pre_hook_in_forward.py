"""`register_forward_pre_hook` called in `forward` breaks at the registration (Dynamo cannot trace the
hook-dict bookkeeping: "setattr() on unsupported type")."""
import torch
import torch.nn as nn


class Hooked(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 3)

    def forward(self, x):
        # ruleid: MU004
        self.a.register_forward_pre_hook(lambda m, args: None)
        return self.a(x)


def gbreak_case():
    return Hooked(), [(torch.randn(2, 3),)]

"""f-strings of shapes, dtypes, devices and Python ints are constants: no break."""
import torch
import torch.nn as nn


class Named(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_id = 3

    def forward(self, x):
        # ok: CV009
        key = f"layer{self.layer_id}_{tuple(x.shape)}_{x.dtype}"
        # ok: CV009
        key2 = "{}-{}".format(x.device, str(x.size(0)))
        return x * len(key) + len(key2)


def gbreak_case():
    return Named(), [(torch.ones(2, 3),)]

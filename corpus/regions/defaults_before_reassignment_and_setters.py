"""Code that the model as built never runs, although its test is not a constant in the source:
- a parameter's None test above the line that rebinds it (`kwargs = kwargs.copy() if kwargs is
  not None else {}`, diffusers' attention blocks) still sees what the call passed: here its
  default, since the only call leaves it out;
- an attribute `__init__` sets and only a setter nothing in the class calls changes
  (`set_chunk_feed_forward` in diffusers) holds its `__init__` value when the model is compiled
  as built. Dynamo guards on both values and traces neither branch (recorded on torch 2.13)."""
import torch
import torch.nn as nn


def scaled(x, kwargs=None):
    if kwargs is not None:
        # ok: SE001
        print("scale is deprecated")
    kwargs = kwargs.copy() if kwargs is not None else {}
    return x * kwargs.get("scale", 1.0)


class Chunked(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self._chunk_size = None

    def set_chunk_size(self, size):
        self._chunk_size = size

    def forward(self, x):
        if self._chunk_size is not None:
            # ok: CV001, CV004
            n = x.shape[0] // int(torch.tensor(self._chunk_size).item())
            return torch.cat([self.proj(c) for c in x.chunk(n)])
        return scaled(self.proj(x))


def gbreak_case():
    torch.manual_seed(0)
    return Chunked(), [(torch.ones(2, 4),)]

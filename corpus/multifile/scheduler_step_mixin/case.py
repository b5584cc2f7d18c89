"""A mixin (mixins.py) listed before `nn.Module` in the bases keeps a Python int step counter that
`forward` (model.py) advances on every call: each call fails the guard on `self.num_steps` and
recompiles. The hazard is in mixins.py."""
import torch

from .model import WarmupDropoutNet


def gbreak_case():
    x = torch.randn(2, 4)
    return WarmupDropoutNet(), [(x,), (x,), (x,)]

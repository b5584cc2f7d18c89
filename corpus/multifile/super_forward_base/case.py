"""Class hierarchy across files: `ConvBlock` and `MLPBlock` (blocks.py) call `super().forward(x)` into
`BaseBlock.forward` (base.py), which prints when `self.debug` is set. `ConvBlock` turns debug off, so
only the `MLPBlock` path prints; the break is on the `print` line in base.py. model.py imports the blocks
with an absolute import."""
import torch

from .model import Net


def gbreak_case():
    return Net(), [(torch.randn(2, 4, 6),)]

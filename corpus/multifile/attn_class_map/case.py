"""Config-dependent class map: `self.attn = ATTN_CLASSES[cfg.impl](cfg)`. With `impl="sdpa"` the selected
class is clean and the model compiles in one graph. The eager class (print) and the flash class
(disabled kernel) would break but are not instantiated: their lines are `todook`, a static analyzer
that does not evaluate the config would flag them."""
import torch

from .config import AttnConfig
from .model import Block


def gbreak_case():
    return Block(AttnConfig(impl="sdpa")), [(torch.randn(2, 3, 8),)]

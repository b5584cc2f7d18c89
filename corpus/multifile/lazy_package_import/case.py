"""A forward that imports inside its functions: `from . import __version__` in a package whose
__init__ puts a ModuleType subclass in its own place in sys.modules (a lazy package, as
transformers' and diffusers' are), and `from ..plain import SCALE` from a plain package. Dynamo
before torch 2.12 accepted only exactly ModuleType as an import's result and broke on the first
(UO005, "Bad import result"; the real-model records at 2.11 show it on diffusers' `deprecate()`);
from 2.12 both are traced and the model compiles whole, as this case's 2.13 record shows."""
import torch

from .lazy.deprecation import describe


class Net(torch.nn.Module):
    def forward(self, x):
        # ok: UO005
        from .plain import SCALE

        label = describe("Net")
        return x * SCALE + len(label)


def gbreak_case():
    return Net(), [(torch.randn(2, 3),)]

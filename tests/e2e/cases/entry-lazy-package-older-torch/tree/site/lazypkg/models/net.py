import torch

from ..utils.deprecation import deprecate


class Net(torch.nn.Module):
    def forward(self, x):
        from plainpkg import SCALE

        deprecate("Net.forward")
        print("traced: a break of its own")
        return x * SCALE

import torch.nn as nn

from debug_utils_pkg.utils.debug import maybe_split, split_point

from ..utils import debug


class TinyUNet(nn.Module):
    def __init__(self, c=2):
        super().__init__()
        self.down = nn.Conv2d(c, 4, 3, stride=2, padding=1)
        self.mid = nn.Conv2d(4, 4, 3, padding=1)
        self.up = nn.ConvTranspose2d(4, c, 2, stride=2)

    def forward(self, x):
        h = self.down(x)
        split_point("after-down")
        h = self.mid(h).relu()
        maybe_split("after-mid")
        debug.maybe_split("never", enabled=False)
        return self.up(h) + x

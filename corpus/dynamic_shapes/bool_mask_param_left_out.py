"""A helper's `keep=None` parameter that one call hands a boolean mask and another leaves out
(transformers' LightGlue: `_get_keypoint_matching(..., early_stops=None)`): a call that leaves a
parameter out passes its default, so under `if keep is not None:` it is the mask, and indexing
with it has a data-dependent shape (DS004, a break per call that passes it). The look-alike: an
integer index handed the same way keeps a static shape."""
import torch
import torch.nn as nn


class Matcher(nn.Module):
    def select(self, x, keep=None):
        if keep is not None:
            # ruleid: DS004
            x = x[keep]
        return x.sum(0)

    def gather(self, x, index=None):
        if index is not None:
            # ok: DS004
            x = x[index]
        return x.sum(0)

    def forward(self, x):
        stops = x.sum(-1) > 0
        a = self.select(x, keep=stops)
        b = self.select(x)
        c = self.gather(x, index=torch.arange(2))
        d = self.gather(x)
        return a + b + c + d


def gbreak_case():
    return Matcher(), [(torch.randn(4, 3),)]

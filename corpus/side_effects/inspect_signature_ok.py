"""`inspect.signature(fn).parameters` and `inspect.isfunction` are traced by Dynamo 2.13 without a
break (the signature of a Python function is a compile-time constant). This is how
`apply_chunking_to_forward` in transformers inspects `forward_fn`."""
import inspect

import torch
import torch.nn as nn


def feed_forward_chunk(x):
    return torch.nn.functional.gelu(x)


class Chunked(nn.Module):
    def forward(self, x):
        # ok: SE006
        n_args = len(inspect.signature(feed_forward_chunk).parameters)
        # ok: SE006
        if inspect.isfunction(feed_forward_chunk) and n_args == 1:
            return torch.cat([feed_forward_chunk(c) for c in x.chunk(2, dim=0)], dim=0)
        return x


def gbreak_case():
    return Chunked(), [(torch.randn(4, 3),)]

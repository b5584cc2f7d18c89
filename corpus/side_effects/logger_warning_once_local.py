"""A transformers-style `logger.warning_once`: an `lru_cache`d function patched onto
`logging.Logger` (as `transformers.utils.logging` does). Dynamo sees a Logger method it cannot trace
and breaks at the call."""
import functools
import logging

import torch
import torch.nn as nn


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = warning_once
logger = logging.getLogger("transformers.models.toy.modeling_toy")


class ToyAttention(nn.Module):
    def __init__(self, dim=8, attn_implementation="eager"):
        super().__init__()
        self.attn_implementation = attn_implementation
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, output_attentions=True):
        if output_attentions and self.attn_implementation == "sdpa":
            pass
        elif output_attentions:
            # ruleid: SE002
            logger.warning_once("output_attentions=True is slow with the eager implementation")
        return self.proj(hidden_states)


def gbreak_case():
    return ToyAttention(), [(torch.randn(2, 3, 8),)]

import torch
import torch.nn as nn

from .utils import get_logger

logger = get_logger(__name__)


def eager_attention_forward(q, k, v):
    scores = q @ k.transpose(-1, -2) / (q.shape[-1] ** 0.5)
    return scores.softmax(-1) @ v, scores


class ToyAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.h = config.num_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.o_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.h, d // self.h).permute(2, 0, 3, 1, 4)
        if self.config.output_attentions and self.config.attn_implementation != "eager":
            pass
        elif self.config.output_attentions:
            # ruleid: SE002
            logger.warning_once("returning attention weights from the eager implementation")
        out, weights = eager_attention_forward(q, k, v)
        return self.o_proj(out.transpose(1, 2).reshape(b, n, d)), weights

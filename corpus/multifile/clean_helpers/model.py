import torch.nn as nn

from .compat import apply_chunking_to_forward, is_kernel_available, merged_defaults, warn_if_padding_and_no_attention_mask

DEFAULTS = {"chunks": 2, "scale": 1.0}


class FeedForward(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def chunk(self, x):
        return self.fc(x).relu()

    def forward(self, input_ids, hidden):
        warn_if_padding_and_no_attention_mask(input_ids, None)
        cfg = merged_defaults(DEFAULTS, scale=2.0)
        if is_kernel_available():
            return hidden
        return apply_chunking_to_forward(self.chunk, cfg["chunks"], hidden) * cfg["scale"]

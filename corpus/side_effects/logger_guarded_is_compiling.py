"""Logging behind `if not torch.compiler.is_compiling():` (the pattern transformers uses via
`is_torchdynamo_compiling()`): constant-folded, no break. Logging in `__init__` is never traced."""
import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    try:
        return torch.compiler.is_compiling()
    except Exception:
        return False


class Embeddings(nn.Module):
    def __init__(self, vocab=32, dim=8):
        super().__init__()
        # ok: SE002
        logger.info("creating embeddings vocab=%d", vocab)
        self.tok = nn.Embedding(vocab, dim)

    def forward(self, ids):
        if not is_torchdynamo_compiling():
            # ok: SE002
            logger.warning("eager path")
        return self.tok(ids)


def gbreak_case():
    return Embeddings(), [(torch.randint(0, 32, (2, 6)),)]

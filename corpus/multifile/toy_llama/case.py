"""Multi-file Llama-like model: `ToyLlamaModel.forward` iterates an `nn.ModuleList` of `DecoderLayer`s,
each with `self.self_attn = ToyAttention(config)`; the attention module calls a transformers-style
`logger.warning_once` (patched onto `logging.Logger` in `utils/logging.py`). The break is reported in
attention.py, reached through modeling.py."""
import torch

from .configuration import ToyLlamaConfig
from .modeling import ToyLlamaModel


def gbreak_case():
    torch.manual_seed(0)
    return ToyLlamaModel(ToyLlamaConfig()), [(torch.randint(0, 32, (2, 5)),)]

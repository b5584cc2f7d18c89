from dataclasses import dataclass


@dataclass
class ToyLlamaConfig:
    vocab_size: int = 32
    hidden_size: int = 16
    num_heads: int = 2
    num_hidden_layers: int = 2
    attn_implementation: str = "eager"
    output_attentions: bool = True

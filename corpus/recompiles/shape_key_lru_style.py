"""A position-embedding table cached per `(seq_len, dim)` pair in a module-level dict (the `lru_cache`
idiom written by hand): the shape tuple as a key makes every new sequence length a recompile."""
import torch

_TABLES = {}


def sinusoid_table(n, d):
    pos = torch.arange(n).float()[:, None]
    div = torch.exp(torch.arange(0, d, 2).float() * (-9.21 / d))
    return torch.cat([torch.sin(pos * div), torch.cos(pos * div)], dim=-1)


@torch.compile(backend="eager")
def add_positions(x):
    n, d = x.shape[-2], x.shape[-1]
    # ruleid: RC003
    if (n, d) not in _TABLES:
        _TABLES[(n, d)] = sinusoid_table(n, d)
    return x + _TABLES[(n, d)]


def gbreak_case():
    return add_positions, [(torch.randn(3, 4),), (torch.randn(5, 4),), (torch.randn(7, 4),)]

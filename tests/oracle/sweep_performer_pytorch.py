"""Every model of performer-pytorch (lucidrains), built tiny from its own constructor.

The list is not picked by hand: the package's exported classes (`performer_pytorch`'s top-level
nn.Module names: Performer, PerformerLM, PerformerEncDec, the attention layers, and the
AutoregressiveWrapper and ProjectionUpdater helpers).

Building is generic: the constructor's defaults are shrunk by `shrink.shrink_init_defaults` (head
sizes, widths), arguments without a default are filled from REQUIRED by their names, and a
wrapper whose first argument is a model (AutoregressiveWrapper(net)) gets a tiny PerformerLM.
Inputs come from the forward signature: token ids for a language model, `dim`-wide tokens for a
transformer or an attention layer (with a context for cross-attention), per-head queries, keys
and values for FastAttention.

A tiny Performer uses one local-attention head beside its global ones (the default is none), so
that the local_attention code it ships with runs too.
"""
from __future__ import annotations

import functools
import inspect

from shrink import LEVELS, shrink_init_defaults

LIBRARY = "performer_pytorch"
ROOTS = ("/performer_pytorch/",)
PREFIXES = ("performer_pytorch/",)

BATCH = 1
TOKENS = 16

# Arguments without a default, filled by name.
REQUIRED = {
    "dim": 32,
    "depth": 2,
    "heads": 2,
    "dim_head": 16,
    "dim_heads": 16,
    "num_tokens": 64,
    "max_seq_len": 2 * TOKENS,
    "feature_redraw_interval": 1000,
}
# Defaults changed for every model that has them: a local window that fits the tiny sequence.
SMALL = {"local_window_size": 8}

# model name -> ({argument: value}, why the generic rule fails)
_ENC_DEC = {f"{side}_{k}": v for side in ("enc", "dec")
            for k, v in (("num_tokens", 64), ("depth", 2), ("heads", 2),
                         ("max_seq_len", 2 * TOKENS), ("dim_head", 16))}
OVERRIDES: dict[str, tuple[dict, str]] = {
    "Performer": ({"local_attn_heads": 1}, "one local head, so that local attention runs too"),
    "PerformerLM": ({"local_attn_heads": 1}, "one local head, so that local attention runs too"),
    "PerformerEncDec": (_ENC_DEC, "takes its encoder's and decoder's arguments as enc_*/dec_* "
                                  "keyword arguments"),
}

# class name -> why it cannot be called generically (the records say what happened)
KNOWN_FAILURES: dict[str, str] = {
    "ProjectionUpdater": "forward() raises by design (it only redraws the projections of the "
                         "model it holds)",
}

_BUILT: dict[str, dict] = {}


@functools.lru_cache(maxsize=None)
def _classes() -> dict[str, type]:
    import performer_pytorch as pkg
    import torch

    return {n: obj for n, obj in sorted(vars(pkg).items())
            if not n.startswith("_") and isinstance(obj, type)
            and issubclass(obj, torch.nn.Module)}


def entries() -> list[str]:
    return list(_classes())


def entry_of(name: str) -> str:
    return f"performer_pytorch:{name}"


def _params(cls) -> list[inspect.Parameter]:
    return [p for p in list(inspect.signature(cls.__init__).parameters.values())[1:]
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def build(name: str, level: int):
    """(model, the constructor arguments given) for `name` at shrink `level` (0 = smallest)."""
    cls = _classes()[name]
    params = _params(cls)
    defaults = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}
    kwargs = shrink_init_defaults(defaults, LEVELS[level])
    kwargs.update({k: v for k, v in SMALL.items() if k in defaults})
    shown = dict(kwargs)
    for p in params:
        if p.default is not inspect.Parameter.empty:
            continue
        if p.name in REQUIRED:
            kwargs[p.name] = shown[p.name] = REQUIRED[p.name]
        elif p.name in ("net", "instance"):  # a wrapper: around a tiny language model
            kwargs[p.name], inner = build("PerformerLM", level)
            shown[p.name] = {"PerformerLM": inner}
    extra = OVERRIDES.get(name, ({}, ""))[0]
    kwargs.update(extra)
    shown.update(extra)
    model = cls(**kwargs)
    _BUILT[name] = {**defaults, **shown}
    return model, shown


def versions() -> dict:
    from importlib.metadata import version
    return {"performer-pytorch": version("performer-pytorch")}


def inputs(model, name: str, torch) -> list[dict]:
    """By what the model takes: token ids (a language model, a wrapper around one, or an
    encoder-decoder's two sequences), per-head q, k, v (FastAttention), else `dim`-wide tokens,
    with a context for cross-attention."""
    args = _BUILT.get(name, {})
    params = [p for p in inspect.signature(model.forward).parameters.values()
              if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    names = [p.name for p in params]
    g = torch.Generator().manual_seed(0)

    def tokens(n=TOKENS):
        return torch.randint(1, REQUIRED["num_tokens"], (BATCH, n), generator=g)

    if "num_tokens" in args or "net" in args or "seq_in" in names:
        kwargs = {n: tokens() for n in names[:2] if n in ("x", "seq_in", "seq_out")}
        return [kwargs]
    if names[:3] == ["q", "k", "v"]:
        d = args.get("dim_heads", 16)
        return [{n: torch.randn(BATCH, 2, TOKENS, d, generator=g) for n in ("q", "k", "v")}]
    x = torch.randn(BATCH, TOKENS, args.get("dim", 32), generator=g)
    # SelfAttention.forward(*args, context=None, **kwargs) passes x on to Attention.forward(x)
    kwargs = {names[0] if names and names[0] != "context" else "x": x}
    if name == "CrossAttention":
        kwargs["context"] = torch.randn(BATCH, TOKENS, args.get("dim", 32), generator=g)
    return [kwargs]

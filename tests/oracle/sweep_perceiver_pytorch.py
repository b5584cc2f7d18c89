"""Every model of perceiver-pytorch (lucidrains), built tiny from its own constructor.

The list is not picked by hand: the package's exported names (`perceiver_pytorch.__all__`:
Perceiver, PerceiverBlock, PerceiverIO, PerceiverLM), and every other class of its modules that
bears one of those names — the variants the package keeps beside the main one
(`perceiver_pytorch.gated:Perceiver`, `.experimental`, `.mixed_latents`). A variant is named
`<module>.<Class>`.

Building is generic: the constructor's (keyword-only) defaults are shrunk by
`shrink.shrink_init_defaults` (latent width, heads, head sizes), and arguments without a default
are filled from REQUIRED by their names. Inputs come from the forward signature and the built
arguments: data as `input_axis` axes of channels-last features, token ids for a language model,
latent-width tokens for a block.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil

from shrink import LEVELS, shrink_init_defaults

LIBRARY = "perceiver_pytorch"
ROOTS = ("/perceiver_pytorch/",)
PREFIXES = ("perceiver_pytorch/",)

BATCH = 1
SIDE = 8  # axis length of Perceiver data (an 8x8 image)
TOKENS = 16

# Arguments without a default, filled by name.
REQUIRED = {
    "num_freq_bands": 4,
    "depth": 2,
    "max_freq": 10.0,
    "dim": 32,
    "queries_dim": 32,
    "num_tokens": 64,
    "max_seq_len": TOKENS,
}

# model name -> ({argument: value}, why the generic rule fails)
OVERRIDES: dict[str, tuple[dict, str]] = {
    "experimental.Perceiver": ({"fourier_encode_data": False},
                               "with Fourier features it counts input_channels twice in its "
                               "input width (a bug of the package); without them it runs"),
}

# model name -> (the model its **kwargs go to, whose arguments it is built with; the arguments
# the model sets itself). PerceiverLM(**kwargs) builds PerceiverIO(dim=, queries_dim=,
# logits_dim=, **kwargs).
FORWARDS_KWARGS = {"PerceiverLM": ("PerceiverIO", ("dim", "queries_dim", "logits_dim"))}

# The latent array: its width is the models' width (shrink.py takes a `latent_dim` for the size
# of a data latent, as in diffusers' VAEs, and keeps it) and its length is a count of tokens.
LATENT = {"latent_dim": lambda level: level.width, "num_latents": lambda level: 16}

KNOWN_FAILURES: dict[str, str] = {}

_BUILT: dict[str, dict] = {}


@functools.lru_cache(maxsize=None)
def _classes() -> dict[str, tuple[str, type]]:
    """name -> (module, class) for the exported classes and their same-named variants."""
    import perceiver_pytorch as pkg
    import torch

    exported = set(pkg.__all__)
    out: dict[str, tuple[str, type]] = {}
    for n in exported:
        obj = getattr(pkg, n)
        out[n] = (pkg.__name__, obj)
    for info in pkgutil.iter_modules(pkg.__path__):
        mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
        for n, obj in vars(mod).items():
            if n in exported and isinstance(obj, type) and issubclass(obj, torch.nn.Module) \
                    and obj.__module__ == mod.__name__ and obj is not getattr(pkg, n):
                out[f"{info.name}.{n}"] = (mod.__name__, obj)
    return dict(sorted(out.items()))


def entries() -> list[str]:
    return list(_classes())


def entry_of(name: str) -> str:
    module, cls = _classes()[name]
    return f"{module}:{cls.__name__}"


def build(name: str, level: int):
    """(model, the constructor arguments given) for `name` at shrink `level` (0 = smallest)."""
    cls = _classes()[name][1]
    kwargs = _arguments(name, level)
    model = cls(**kwargs)
    _BUILT[name] = {**_defaults(cls), **kwargs}
    return model, kwargs


def _params(cls) -> list[inspect.Parameter]:
    return [p for p in list(inspect.signature(cls.__init__).parameters.values())[1:]
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def _defaults(cls) -> dict:
    return {p.name: p.default for p in _params(cls) if p.default is not inspect.Parameter.empty}


def _arguments(name: str, level: int) -> dict:
    """The constructor's defaults, shrunk, with the required arguments filled."""
    cls = _classes()[name][1]
    params, defaults = _params(cls), _defaults(cls)
    kwargs = shrink_init_defaults(defaults, LEVELS[level])
    for k, size in LATENT.items():
        if isinstance(defaults.get(k), int) and size(LEVELS[level]):
            kwargs[k] = min(defaults[k], size(LEVELS[level]))
    for p in params:
        if p.default is inspect.Parameter.empty and p.name in REQUIRED:
            kwargs[p.name] = REQUIRED[p.name]
    kwargs.update(OVERRIDES.get(name, ({}, ""))[0])
    if name in FORWARDS_KWARGS:
        target, own = FORWARDS_KWARGS[name]
        kwargs.update({k: v for k, v in _arguments(target, level).items() if k not in own})
    return kwargs


def versions() -> dict:
    from importlib.metadata import version
    return {"perceiver-pytorch": version("perceiver-pytorch")}


def inputs(model, name: str, torch) -> list[dict]:
    """The main input by the model's kind: token ids (a language model), channels-last data on
    `input_axis` axes (a Perceiver), else a sequence of `dim`-wide tokens (with a context for a
    block's cross-attention); for PerceiverIO also queries of `queries_dim`."""
    args = _BUILT.get(name, {})
    params = list(inspect.signature(model.forward).parameters)
    g = torch.Generator().manual_seed(0)
    if "num_tokens" in args:
        main = torch.randint(0, args["num_tokens"], (BATCH, TOKENS), generator=g)
    elif "input_axis" in args:
        shape = (BATCH,) + (SIDE,) * args["input_axis"] + (args.get("input_channels", 3),)
        main = torch.randn(shape, generator=g)
    else:
        main = torch.randn(BATCH, TOKENS, args.get("dim", 32), generator=g)
    kwargs = {params[0]: main}
    if "context" in params:  # a block's cross-attention input
        context_dim = args.get("context_dim") or args.get("dim", 32)
        kwargs["context"] = torch.randn(BATCH, TOKENS, context_dim, generator=g)
    with_queries = dict(kwargs)
    if "queries" in params and "queries_dim" in args:
        with_queries["queries"] = torch.randn(BATCH, 4, args["queries_dim"], generator=g)
    return [with_queries, kwargs] if len(with_queries) > len(kwargs) else [kwargs]

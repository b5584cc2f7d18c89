"""Every transformers architecture of the auto model mappings, built tiny from its own config.

The list is not picked by hand: every model type of transformers' auto mappings
(`MODEL_MAPPING_NAMES` and the task mappings), with its base model (`MODEL_MAPPING_NAMES`), or,
for a type that has none, the first class of the first task mapping (alphabetical) that lists it.

The tiny configuration is generic: the config class's own defaults, shrunk by the rules of
`shrink.py` (depth, width, heads, experts), tried at decreasing strength until the model builds
and an eager call succeeds, down to the defaults themselves (WIDE_LEVELS: a model whose sizes
are tied together in ways the rules do not know is recorded at its own sizes, within the
sweep's parameter cap). Per-model overrides (OVERRIDES) exist only where the generic rule
fails, each with its reason. Inputs come from the model's `main_input_name` and its `forward`
signature (inputs.py).
"""
from __future__ import annotations

from shrink import LEVELS as _SHRINK_LEVELS, WIDE_LEVELS, shrink_config_dict

LIBRARY = "transformers"
ROOTS = ("/transformers/",)
PREFIXES = ("transformers/",)
# shrink levels tried in order (sweep.py reads LEVELS)
LEVELS = _SHRINK_LEVELS + WIDE_LEVELS

# model type -> {config key: value}, applied after shrinking; each with why the generic rule fails.
_HORIZON = ({"prediction_length": 4},
            "the forecast horizon has no default (the user picks it; the model refuses None)")
# timm needs torchvision, whose PyPI wheels are built for CUDA (they do not load beside the CPU
# torch the oracle uses): a DETR-style model gets transformers' own ResNet as its backbone (the
# documented alternative to the timm one), small.
_RESNET_BACKBONE = ({"backbone_config": {"model_type": "resnet", "depths": [1, 1, 1, 1],
                                         "hidden_sizes": [32, 64, 128, 256],
                                         "embedding_size": 16,
                                         "out_features": ["stage2", "stage3", "stage4"]}},
                    "the default backbone is timm's resnet50 and timm cannot be installed beside"
                    " a CPU torch")
OVERRIDES: dict[str, tuple[dict, str]] = {
    "detr": _RESNET_BACKBONE,
    "table-transformer": _RESNET_BACKBONE,
    "conditional_detr": _RESNET_BACKBONE,
    "dab-detr": _RESNET_BACKBONE,
    "deformable_detr": _RESNET_BACKBONE,
    "autoformer": _HORIZON,
    "informer": _HORIZON,
    "time_series_transformer": _HORIZON,
    "xmod": ({"default_language": "en_XX"},
             "a language adapter must be chosen: default_language is None and forward refuses"
             " to guess"),
    "vitmatte": ({"fusion_hidden_sizes": [256, 128, 64, 32]},
                 "the default is a tuple and the model concatenates it to a list"),
    "dots1": ({"n_routed_experts": 4, "num_experts_per_tok": 2, "n_shared_experts": 1},
              "the mixture of experts leaves its expert counts None, and the model builds its"
              " experts from them"),
    "lfm2_moe": ({"layer_types": ["conv", "full_attention"]},
                 "layer_types is None (LFM2's config derives it, LFM2-MoE's does not; its"
                 " checkpoints list it) and every decoder layer indexes it: one convolution"
                 " layer and one attention layer, the two kinds the checkpoints mix"),
    "reformer": ({"axial_pos_shape": [2, 4]},
                 "in training its axial position embeddings need the sequence length to be the"
                 " product of axial_pos_shape (64 x 64 = 4,096 tokens by default): 2 x 4 for the"
                 " sweep's 8 tokens"),
    "esm": ({"vocab_size": 33, "pad_token_id": 1},
            "the vocabulary comes with the tokenizer: vocab_size and pad_token_id are None"
            " (ESM-2's protein alphabet: 33 tokens, padding 1)"),
}


def _mappings():
    from transformers.models.auto import modeling_auto
    base = modeling_auto.MODEL_MAPPING_NAMES
    tasks = sorted(n for n in dir(modeling_auto)
                   if n.endswith("_MAPPING_NAMES") and n not in ("MODEL_MAPPING_NAMES",
                                                                  "CONFIG_MAPPING_NAMES"))
    return base, [(n, getattr(modeling_auto, n)) for n in tasks]


def architectures() -> dict[str, str]:
    """model type -> class name of the model the sweep builds."""
    base, tasks = _mappings()
    out: dict[str, str] = {}
    for model_type, cls in base.items():
        out[model_type] = cls if isinstance(cls, str) else cls[0]
    for _, mapping in tasks:
        for model_type, cls in mapping.items():
            if model_type not in out:
                out[model_type] = cls if isinstance(cls, str) else cls[0]
    return dict(sorted(out.items()))


def entries() -> list[str]:
    return list(architectures())


def entry_of(name: str) -> str:
    return f"transformers:{architectures()[name]}"


def build(name: str, level: int):
    """(model, config overrides as a dict) for `name` at shrink `level` (0 = smallest)."""
    import transformers
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    config_cls = CONFIG_MAPPING[name]
    cls = getattr(transformers, architectures()[name])
    declared = getattr(cls, "config_class", None)
    if declared in (getattr(config_cls, "sub_configs", None) or {}).values():
        # the base model of a composite takes one of its sub-configs (MusicGen's decoder)
        config_cls = declared
    defaults = config_cls().to_dict()
    overrides = shrink_config_dict(defaults, LEVELS[level])
    extra, _why = OVERRIDES.get(name, ({}, ""))
    overrides.update(extra)
    _give_mrope_section(config_cls, defaults, overrides)
    # Only the changed keys are passed: the config's __init__ derives the rest from them.
    config = config_cls(**overrides)
    model = cls(config)
    return model, overrides


def _give_mrope_section(config_cls, defaults: dict, overrides: dict) -> None:
    """A config (or sub-config) that accepts a multimodal rotary `mrope_section` in its rope
    parameters but has none by default (its modeling code falls back to sections for a 128-wide
    head, which a shrunk head no longer fits) gets one that splits half the shrunk head in
    three."""
    for key, sub_cls in (getattr(config_cls, "sub_configs", None) or {}).items():
        sub = overrides.get(key)
        if isinstance(sub, dict) and isinstance(sub_cls, type):
            _give_mrope_section(sub_cls, sub, sub)
    if "mrope_section" not in getattr(config_cls, "ignore_keys_at_rope_validation", ()):
        return
    merged = {**defaults, **overrides}
    heads, hidden = merged.get("num_attention_heads"), merged.get("hidden_size")
    head = merged.get("head_dim") or (hidden // heads if heads and hidden else None)
    rope = dict(merged.get("rope_parameters") or {})
    if not head or rope.get("mrope_section"):
        return
    half = head // 2
    rope["mrope_section"] = [half - 2 * (half // 3), half // 3, half // 3]
    overrides["rope_parameters"] = rope


def versions() -> dict:
    import transformers
    return {"transformers": transformers.__version__}

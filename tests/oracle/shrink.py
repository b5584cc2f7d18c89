"""Generic rules that shrink a model configuration's defaults to a tiny model.

A configuration is a dict (a transformers `config.to_dict()`, or a diffusers `register_to_config`
signature's defaults). Keys are recognised by what their names say they are — a number of layers,
a width, a number of heads, of experts — never by model: a rule that only one model needs is an
override in that library's sweep module, with its reason.

Shrinking is tried at decreasing strength (LEVELS): the smallest first; if the model cannot be
built or an eager call fails, the next level keeps more of the defaults. Sub-configurations
(nested dicts: `text_config`, `vision_config`, ...) are shrunk by the same rules, and are returned
whole (the parent's default for them, changed), since a partial dict would lose the parent's own
adjustments to them.
"""
from __future__ import annotations

import re

# Key patterns. Matched against the whole key name.
_DEPTH = re.compile(r"(num_(hidden_)?layers|n_layers?|num_(encoder|decoder)_layers|"
                    r"(encoder|decoder|text|vision|audio|backbone)_layers|"
                    r"num_(hidden_)?blocks|depth|num_layer|n_layer|layers|"
                    r"num_(text|vision|audio|cross|self|fusion|global|local|mm|speech)_?layers|"
                    r"(encoder|decoder)_num_layers|num_(encoder|decoder)_blocks)")
_DEPTHS = re.compile(r"(depths|num_layers_per_block|layers_per_stage|stage_depths|"
                     r"block_repeats|num_blocks|num_layers_list|block_layers|encoder_layers_per_stage)")
_WIDTH = re.compile(r"(hidden_size|d_model|n_embd|embed_dim|embedding_size|dim|model_dim|"
                    r"hidden_dim|(encoder|decoder|text|vision|audio)_hidden_size|"
                    r"(encoder|decoder)_embed_dim|projection_dim|proj_dim|width)")
_FFN = re.compile(r"(intermediate_size|ffn_dim|d_ff|(encoder|decoder)_ffn_dim|n_inner|"
                  r"ffn_hidden_size|mlp_dim|(moe|shared_expert|expert)_intermediate_size|"
                  r"moe_ffn_hidden_size|dim_feedforward|feed_forward_size)")
_HEADS = re.compile(r"(num_attention_heads|n_head|num_heads|(encoder|decoder)_attention_heads|"
                    r"n_heads|num_head|attention_heads)")
_KV_HEADS = re.compile(r"(num_key_value_heads|num_kv_heads|n_kv_heads|multi_query_group_num)")
_HEAD_DIM = re.compile(r"(head_dim|d_kv|attention_head_size|qk_nope_head_dim|qk_rope_head_dim|"
                       r"v_head_dim|kv_channels|qk_head_dim)")
_EXPERTS = re.compile(r"(num_experts|num_local_experts|n_routed_experts|moe_num_experts|"
                      r"num_routed_experts)")
_TOP_K = re.compile(r"(num_experts_per_tok|num_experts_per_token|top_k|moe_topk|"
                    r"num_selected_experts|moe_k|experts_per_token)")
_GROUPS = re.compile(r"(n_group|topk_group|num_expert_groups)")


class Level:
    """One strength of shrinking: which families of keys change, and to what."""

    def __init__(self, name, depth, width, ffn, heads, experts):
        self.name, self.depth, self.width, self.ffn = name, depth, width, ffn
        self.heads, self.experts = heads, experts


LEVELS = [
    # 0: two layers, width 32, two heads of 16, four experts
    Level("tiny", depth=2, width=32, ffn=64, heads=2, experts=4),
    # 1: two layers, width 64, four heads: for models whose widths must cover more heads/parts
    Level("small", depth=2, width=64, ffn=128, heads=4, experts=4),
    # 2: the default widths, fewer layers and experts
    Level("shallow", depth=2, width=None, ffn=None, heads=None, experts=4),
]


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def shrink_config_dict(defaults: dict, level: Level) -> dict:
    """The keys of `defaults` to change (nested dicts returned whole), for `level`."""
    out: dict = {}
    heads = defaults.get("num_attention_heads")
    for key, v in defaults.items():
        if isinstance(v, list) and key in _per_layer_keys(defaults):
            continue  # cut to the new depth below
        if isinstance(v, dict) and key.endswith(("_config", "_cfg")) and v:
            sub = dict(v)
            sub.pop("transformers_version", None)
            sub.update(shrink_config_dict(v, level))
            out[key] = sub
            continue
        new = _shrink_value(key, v, level, heads)
        if new is not None and new != v:
            out[key] = new
    # Per-layer lists (`layer_types`, ...) have one entry per layer: cut them to the new depth,
    # or the config's own validation refuses the shorter model, keeping one layer of every kind
    # (a sliding-window model keeps its full-attention layer), deeper if there are more kinds.
    for key, depth_key in _per_layer_keys(defaults).items():
        if depth_key in out:
            kept = _keep_every_kind(defaults[key], out[depth_key])
            out[key] = kept
            out[depth_key] = len(kept)
    return out


def _keep_every_kind(per_layer: list, depth: int) -> list:
    """The first `depth` layers, but with the first layer of each kind among them, in order."""
    firsts = []
    for i, v in enumerate(per_layer):
        if all(per_layer[j] != v for j in firsts):
            firsts.append(i)
    chosen = set(firsts)
    for i in range(len(per_layer)):
        if len(chosen) >= depth:
            break
        chosen.add(i)
    return [per_layer[i] for i in sorted(chosen)]


def _per_layer_keys(d: dict) -> dict[str, str]:
    """{list key: depth key} for the lists as long as a depth the config gives."""
    depths = {v: k for k, v in d.items() if _int(v) and v > 1 and _DEPTH.fullmatch(k)}
    return {k: depths[len(v)] for k, v in d.items()
            if isinstance(v, list) and len(v) in depths and not _DEPTHS.fullmatch(k)}


def _shrink_value(key: str, v, level: Level, heads):
    if _int(v) and v > 0:
        if _DEPTH.fullmatch(key):
            return min(v, level.depth)
        if _EXPERTS.fullmatch(key):
            return min(v, level.experts)
        if _TOP_K.fullmatch(key):
            return min(v, 2)
        if _GROUPS.fullmatch(key):
            return 1
        if level.width is None:
            return None
        if _WIDTH.fullmatch(key) and v > level.width:
            return level.width
        if _FFN.fullmatch(key) and v > level.ffn:
            return level.ffn
        if _HEADS.fullmatch(key) and v > level.heads:
            return level.heads
        if _KV_HEADS.fullmatch(key):
            return min(v, level.heads // 2 or 1)
        if _HEAD_DIM.fullmatch(key) and v > level.width // level.heads:
            return level.width // level.heads
        return None
    if isinstance(v, list) and v and all(_int(x) for x in v):
        if _DEPTHS.fullmatch(key):
            return [min(x, 1) if x > 0 else x for x in v]
        if level.width is None:
            return None
        if key in ("hidden_sizes", "embed_dims", "dims", "block_out_channels", "embedding_sizes",
                   "channels", "neck_hidden_sizes", "out_channels_list") and max(v) > level.width:
            # keep the ratios between stages, scaled so the first stage is `level.width / 2`
            # (a multiple of 8, so that group norms and heads still divide)
            f = max(1, v[0] // max(8, level.width // 2))
            return [max(8, (x // f) // 8 * 8) for x in v]
        if _HEADS.fullmatch(key.rstrip("s")) or key in ("num_heads", "num_attention_heads"):
            return [min(x, level.heads) for x in v]
    return None


# --- Constructor-argument configurations (diffusers' register_to_config, monai, ...) -----------
# These models take their configuration as __init__ keyword arguments, with names transformers
# configs do not use (num_single_layers, layers_per_block, attention_head_dim, norm_num_groups,
# joint_attention_dim, axes_dims_rope, ...). The rules below are applied on top of the config
# rules above, only by shrink_init_defaults: shrink_config_dict (transformers) is unchanged.
_I_PER_BLOCK = re.compile(r"(\w+_)?(layers|blocks)_per_(block|stage|down_block|up_block|"
                          r"mid_block)|num_res_blocks|(\w+_)?num_res_blocks")
_I_DEPTH = re.compile(r"(num|n)_(\w+_)?(layers|blocks|layer)|(\w+_)?(num_layers|depth|n_layers)|"
                      r"nlayers|(\w+_)?mmdit_layers")
_I_HEADS = re.compile(r"(\w+_)?(num_)?(\w+_)?(attention_)?heads|(\w+_)?nheads|num_head")
_I_KV_HEADS = re.compile(r"(\w+_)?(kv|key_value)(_attention)?_heads")
_I_HEAD_DIM = re.compile(r"(\w+_)?(attention_)?head_dim|(\w+_)?dim_head")
_I_GROUPS = re.compile(r"(\w+_)?(norm_)?num_groups|(\w+_)?groups")
_I_FFN = re.compile(r"(\w+_)?(ffn|ff|mlp|intermediate|ff_inner|feedforward)_(dim|size|hidden_dim)|"
                    r"(\w+_)?intermediate_size")
_I_WIDTH = re.compile(r"(\w+_)?(dim|hidden_size|hidden_dim|embed_dim|channels|width|features|"
                      r"feature_dim|model_channels)")
_I_CHANNEL_LIST = re.compile(r"(\w+_)?(channels|dims|features|hidden_sizes|stage_channels)")
_I_ROPE_AXES = re.compile(r"(\w+_)?(axes_dims?|axes_dims?_rope|axes_dim_rope|rope_axes_dim|"
                          r"rope_dim_list|rope_dim|rope_dims)")
_I_MROPE = re.compile(r"(\w+_)?mrope_section")
# side length of a square sample (latent or image) the shrunk model is built for
SAMPLE_SIZE = 16


def shrink_init_defaults(defaults: dict, level: Level) -> dict:
    """The __init__ arguments of `defaults` (name -> default) to change, for `level`: the config
    rules, then the constructor-argument rules for the keys those leave alone. Tuples stay
    tuples. Rotary axis splits that add up to the head size are rescaled to the new head size."""
    plain = {k: list(v) if isinstance(v, tuple) else v for k, v in defaults.items()}
    out = shrink_config_dict(plain, level)
    for key, v in plain.items():
        if key in out:
            continue
        new = _shrink_init_value(key, v, level)
        if new is not None and new != v:
            out[key] = new
    _fit_rope_axes(plain, out)
    return {k: tuple(v) if isinstance(defaults.get(k), tuple) and isinstance(v, list) else v
            for k, v in out.items()}


def _shrink_init_value(key: str, v, level: Level):
    if key in ("sample_size", "sample_height", "sample_width"):
        if _int(v) and v > SAMPLE_SIZE:
            return SAMPLE_SIZE
        if isinstance(v, list) and v and all(_int(x) for x in v):
            return [min(x, SAMPLE_SIZE) for x in v]
        return None
    if _int(v) and v > 0:
        if _I_PER_BLOCK.fullmatch(key):
            return 1
        if _I_DEPTH.fullmatch(key):
            return min(v, level.depth)
        if level.width is None:
            return None
        if _I_KV_HEADS.fullmatch(key):
            return min(v, level.heads // 2 or 1)
        if _I_HEADS.fullmatch(key):
            return min(v, level.heads)
        if _I_HEAD_DIM.fullmatch(key):
            return min(v, level.width // level.heads)
        if _I_GROUPS.fullmatch(key):
            return min(v, 8)
        if _I_FFN.fullmatch(key):
            return min(v, level.ffn)
        if _I_WIDTH.fullmatch(key):
            return min(v, level.width)
        return None
    if isinstance(v, list) and v and all(_int(x) for x in v):
        if _I_PER_BLOCK.fullmatch(key) or key.endswith("layers_per_block"):
            return [min(x, 1) if x > 0 else x for x in v]
        if level.width is None:
            return None
        if key == "attention_head_dim" or _I_HEADS.fullmatch(key):
            # a per-stage list: the number of heads in UNets (their channels must divide by it)
            return [min(x, level.heads) for x in v]
        if _I_ROPE_AXES.fullmatch(key) or _I_MROPE.fullmatch(key):
            return None  # rescaled with the head size (_fit_rope_axes)
        if _I_CHANNEL_LIST.fullmatch(key) and max(v) > level.width:
            f = max(1, v[0] // max(8, level.width // 2))
            return [max(8, (x // f) // 8 * 8) for x in v]
    return None


def _head_dim(cfg: dict):
    for k in ("attention_head_dim", "head_dim", "dim_head"):
        if _int(cfg.get(k)):
            return cfg[k]
    return None


def _fit_rope_axes(defaults: dict, out: dict) -> None:
    """A rotary split per axis (axes_dims_rope=(16, 56, 56) for a head of 128) must add up to the
    head size (a multimodal section, to half of it): rescale it to the shrunk head size, each
    part even."""
    old = _head_dim(defaults)
    new = _head_dim({**defaults, **out})
    if not old or not new or old == new:
        return
    for key, v in defaults.items():
        if not (isinstance(v, (list, tuple)) and v and all(_int(x) for x in v)):
            continue
        if _I_ROPE_AXES.fullmatch(key) and sum(v) == old:
            parts = _split(v, new, even=True)
        elif _I_MROPE.fullmatch(key) and 2 * sum(v) == old:
            parts = _split(v, new // 2, even=False)
        else:
            continue
        if parts:
            out[key] = type(v)(parts)


def _split(v, total: int, even: bool):
    """`total` split in the proportions of `v` (each part even when asked, the last takes the
    rest); None when it cannot be done."""
    step = 2 if even else 1
    parts = [max(step, (x * total // sum(v)) // step * step) for x in v[:-1]]
    last = total - sum(parts)
    if last < step or (even and last % 2):
        return None
    return parts + [last]

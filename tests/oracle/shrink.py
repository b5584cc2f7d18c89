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
_WIDTH = re.compile(r"(hidden_size|d_model|n_embd|embed_dim|emb_dim|embedding_size|dim|model_dim|"
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
# every size that the scaled level divides: widths, feed-forward sizes, head sizes, low ranks
_SCALED = re.compile(r"(\w+_)?(hidden_size|d_model|n_embd|embed_dim|emb_dim|embedding_size|dim|"
                     r"model_dim|hidden_dim|projection_dim|proj_dim|intermediate_size|ffn_dim|"
                     r"d_ff|n_inner|ffn_hidden_size|mlp_dim|head_dim|d_kv|kv_channels|"
                     r"lora_rank|dim_feedforward|feed_forward_size)")
# booleans that make a model need an optional package or downloaded weights
_NO_DOWNLOADS = ("use_timm_backbone", "use_pretrained_backbone")


class Level:
    """One strength of shrinking: which families of keys change, and to what. A level with no
    `width` keeps the widths' ratios: `scale_to` divides every width-like size by one power of
    two, so that the model's hidden size comes near it (sizes that must agree still agree)."""

    def __init__(self, name, depth, width, ffn, heads, experts, scale_to=None):
        self.name, self.depth, self.width, self.ffn = name, depth, width, ffn
        self.heads, self.experts, self.scale_to = heads, experts, scale_to


LEVELS = [
    # 0: two layers, width 32, two heads of 16, four experts
    Level("tiny", depth=2, width=32, ffn=64, heads=2, experts=4),
    # 1: two layers, width 64, four heads: for models whose widths must cover more heads/parts
    Level("small", depth=2, width=64, ffn=128, heads=4, experts=4),
    # 2: the default widths' ratios, divided by a power of two (hidden size near 128), fewer
    # layers and experts: for models whose sizes are tied to each other in ways the rules above
    # do not know (low-rank projections, rotary parts, per-stage channels)
    Level("scaled", depth=2, width=None, ffn=None, heads=None, experts=4, scale_to=128),
]

# Weaker levels, for models whose own sizes are tied together in ways no rule above can keep
# (a backbone's per-stage channels and the neck that reads them, convolution groups, per-layer
# feature lists): the library sweeps that want them append them to LEVELS. The sweep's parameter
# cap (sweep.MAX_PARAMETERS) still refuses a model too big to run on a CPU.
WIDE_LEVELS = [
    # 3: the default widths, two layers, four experts
    Level("depth", depth=2, width=None, ffn=None, heads=None, experts=4),
    # 4: the configuration's own defaults (only what needs downloads or optional packages off)
    Level("defaults", depth=None, width=None, ffn=None, heads=None, experts=None),
]


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def shrink_config_dict(defaults: dict, level: Level) -> dict:
    """The keys of `defaults` to change (nested dicts returned whole), for `level`."""
    out: dict = {}
    heads = defaults.get("num_attention_heads")
    scale = _scale_factor(defaults, level)
    for key, v in defaults.items():
        if isinstance(v, list) and key in _per_layer_keys(defaults):
            continue  # cut to the new depth below
        if key in _NO_DOWNLOADS and v is True:
            out[key] = False
            continue
        if scale > 1 and _int(v) and _SCALED.fullmatch(key) and v % scale == 0:
            out[key] = v // scale
            continue
        if isinstance(v, dict) and v and (key.endswith(("_config", "_cfg")) or "model_type" in v):
            sub = dict(v)
            sub.pop("transformers_version", None)
            sub.update(shrink_config_dict(v, level))
            out[key] = sub
            continue
        new = _shrink_value(key, v, level, heads)
        if new is not None and new != v:
            out[key] = new
    _cut_per_layer_lists(defaults, out)
    _keep_kv_heads_equal(defaults, out)
    _fit_layer_references(defaults, out)
    _fit_mrope_sections(defaults, out)
    _fill_head_dim(defaults, out)
    _fill_top_k(defaults, out)
    return out


def _fill_head_dim(d: dict, out: dict) -> None:
    """A `head_dim` the defaults leave None, which some models read as a number
    (`getattr(config, "head_dim", hidden // heads)` finds the None): the width over the heads,
    what the others derive."""
    if "head_dim" not in d or d["head_dim"] is not None or "head_dim" in out:
        return
    new = {**d, **out}
    hidden, heads = new.get("hidden_size"), new.get("num_attention_heads")
    if _int(hidden) and _int(heads) and heads > 0 and hidden % heads == 0:
        out["head_dim"] = hidden // heads


def _fill_top_k(d: dict, out: dict) -> None:
    """Experts the defaults set with a top-k they leave None (DeepSeek-V2: 160 routed experts,
    `num_experts_per_tok` None, which `torch.topk` refuses): two of them per token. (Experts
    left None is a dense model, gemma4's, and stays so.)"""
    new = {**d, **out}
    experts = next((new[k] for k in new if _EXPERTS.fullmatch(k) and _int(new[k])), None)
    for k in d:
        if _TOP_K.fullmatch(k) and d[k] is None and experts and k not in out:
            out[k] = min(2, experts)


def _fit_mrope_sections(d: dict, out: dict) -> None:
    """Multimodal rotary sections (`rope_parameters.mrope_section`, [16, 24, 24] for a head of
    128) split half a head among time, height and width: rescaled to half the new head size."""
    new = {**d, **out}
    head = None
    # the sizes are the config's own, or its text model's (a multimodal config keeps the rotary
    # parameters at the top and the widths in text_config)
    for sizes in (new, new.get("text_config") if isinstance(new.get("text_config"), dict) else {}):
        if _int(sizes.get("head_dim")):
            head = sizes["head_dim"]
        elif _int(sizes.get("hidden_size")) and _int(sizes.get("num_attention_heads")):
            head = sizes["hidden_size"] // sizes["num_attention_heads"]
        if head:
            break
    if not head:
        return
    for key in ("rope_parameters", "rope_scaling"):
        rope = new.get(key)
        section = rope.get("mrope_section") if isinstance(rope, dict) else None
        if not (isinstance(section, list) and section and all(_int(x) for x in section)):
            continue
        half = head // 2
        if sum(section) == half:
            continue
        parts = [max(1, x * half // sum(section)) for x in section]
        parts[-1] += half - sum(parts)
        out[key] = {**rope, "mrope_section": parts}


def _scale_factor(d: dict, level: Level) -> int:
    """The power of two the scaled level divides sizes by: the largest that divides every size
    it would change and leaves the hidden size at least `level.scale_to`."""
    if not level.scale_to:
        return 1
    hidden = next((d[k] for k in ("hidden_size", "d_model", "n_embd", "embed_dim", "emb_dim", "dim")
                   if _int(d.get(k))), None)
    if not hidden:
        return 1
    sizes = [v for k, v in d.items() if _int(v) and v > 0 and _SCALED.fullmatch(k)]
    f = 1
    while hidden // (f * 2) >= level.scale_to and all(v % (f * 2) == 0 for v in sizes):
        f *= 2
    return f


def _fit_layer_references(d: dict, out: dict) -> None:
    """Values that name layers or stages of the full depth, re-aimed at the shrunk one: a
    backbone's `out_features`/`out_indices` (the last stages), and dicts keyed by layer index
    (`per_layer_config`: the entries below the new depth, or the first one at its last layer)."""
    depth_keys = [k for k in out if _DEPTH.fullmatch(k) and _int(d.get(k))]
    if not depth_keys:
        return
    old, new = d[depth_keys[0]], out[depth_keys[0]]
    if "out_indices" in d or "out_features" in d:
        n = len(d.get("out_indices") or d.get("out_features") or [])
        if n and any(isinstance(i, int) and i > new for i in d.get("out_indices") or []) or any(
                isinstance(f, str) and f.startswith("stage") and f[5:].isdigit() and int(f[5:]) > new
                for f in d.get("out_features") or []):
            keep = list(range(max(1, new - n + 1), new + 1))
            out["out_indices"] = keep
            out["out_features"] = [f"stage{i}" for i in keep]
    for key, v in d.items():
        if "layer" in key and isinstance(v, dict) and v and all(str(k).isdigit() for k in v) and \
                all(int(k) < old for k in v):
            kept = {k: x for k, x in v.items() if int(k) < new}
            if not kept:
                first = min(v, key=int)
                kept = {type(first)(new - 1) if isinstance(first, int) else str(new - 1): v[first]}
            if kept != v:
                out[key] = kept


def _cut_per_layer_lists(d: dict, out: dict) -> None:
    """Per-layer lists (`layer_types`, `mlp_layer_types`, ...) have one entry per layer: cut to
    the new depth, or the config's own validation refuses the shorter model. One set of layers
    is kept for all the lists of a depth (layer i keeps its attention and its MLP kind): the
    first layer of every kind in any list (a sliding-window model keeps its full-attention layer),
    then the first layers up to the new depth. A list of layer indices (`kv_source_layers`: every
    entry a layer number) is renumbered to the kept layers."""
    by_depth: dict[str, list[str]] = {}
    for key, depth_key in _per_layer_keys(d).items():
        if depth_key in out:
            by_depth.setdefault(depth_key, []).append(key)
    for depth_key, keys in by_depth.items():
        n = d[depth_key]
        indices = [k for k in keys if _is_layer_indices(d[k], n)]
        chosen: set[int] = set()
        for key in keys:
            if key not in indices:
                chosen.update(_first_of_each_kind(d[key]))
        for i in range(n):
            if len(chosen) >= out[depth_key]:
                break
            chosen.add(i)
        kept = sorted(chosen)
        for key in keys:
            if key in indices:
                out[key] = [_renumber(d[key][i], kept) for i in kept]
            else:
                out[key] = [d[key][i] for i in kept]
        out[depth_key] = len(kept)


def _first_of_each_kind(per_layer: list) -> list[int]:
    firsts: list[int] = []
    for i, v in enumerate(per_layer):
        if all(per_layer[j] != v for j in firsts):
            firsts.append(i)
    return firsts


def _is_layer_indices(v: list, depth: int) -> bool:
    """Whether a per-layer list holds layer numbers: ints, all below the depth, most distinct."""
    return (all(_int(x) and 0 <= x < depth for x in v) and len(set(v)) > depth // 2
            and depth > 2)


def _renumber(layer: int, kept: list[int]) -> int:
    """The new number of an old layer: the kept layer at or before it."""
    return max((i for i, k in enumerate(kept) if k <= layer), default=0)


def _keep_kv_heads_equal(d: dict, out: dict) -> None:
    """A config whose defaults have as many key/value heads as attention heads (no grouped-query
    attention; some validate it) keeps them equal. Key/value heads the defaults leave None mean
    as many as attention heads (what most configs derive; a model that reads the None divides
    by it)."""
    heads = next((k for k in d if _HEADS.fullmatch(k) and _int(d[k])), None)
    kv = next((k for k in d if _KV_HEADS.fullmatch(k) and _int(d[k])), None)
    if heads and kv and d[heads] == d[kv] and kv in out:
        out[kv] = out.get(heads, d[heads])
    unset = next((k for k in d if _KV_HEADS.fullmatch(k) and d[k] is None), None)
    if heads and unset and unset not in out:
        out[unset] = out.get(heads, d[heads])


def _per_layer_keys(d: dict) -> dict[str, str]:
    """{list key: depth key} for the lists as long as a depth the config gives."""
    depths = {v: k for k, v in d.items() if _int(v) and v > 1 and _DEPTH.fullmatch(k)}
    return {k: depths[len(v)] for k, v in d.items()
            if isinstance(v, list) and len(v) in depths and not _DEPTHS.fullmatch(k)}


def _shrink_value(key: str, v, level: Level, heads):
    if _int(v) and v > 0:
        if _DEPTH.fullmatch(key):
            return min(v, level.depth) if level.depth else None
        if level.experts is not None:
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
        if _DEPTHS.fullmatch(key) and level.depth:
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
# joint_attention_dim, axes_dims_rope, ...). The rules below are used only by
# shrink_init_defaults, before the config rules above: shrink_config_dict (transformers) does not
# see them.
_I_PER_BLOCK = re.compile(r"(\w+_)?(layers|blocks)_per_(block|stage|down_block|up_block|"
                          r"mid_block)|(\w+_)?num_res_blocks")
_I_DEPTH = re.compile(r"(num|n)_(\w+_)?(layers|blocks|layer)|(\w+_)?(num_layers|depth|n_layers)|"
                      r"nlayers|(\w+_)?mmdit_layers")
_I_HEADS = re.compile(r"(\w+_)?(num_)?(\w+_)?(attention_)?heads|(\w+_)?nheads|num_head")
_I_KV_HEADS = re.compile(r"(\w+_)?(kv|key_value)(_attention)?_heads")
_I_HEAD_DIM = re.compile(r"(\w+_)?(attention_)?head_dim|(\w+_)?dim_head")
_I_GROUPS = re.compile(r"(\w+_)?(norm_)?num_groups|(\w+_)?groups")
_I_FFN = re.compile(r"(\w+_)?(ffn|ff|mlp|intermediate|ff_inner|feedforward)_(dim|size|hidden_dim)|"
                    r"(\w+_)?intermediate_size")
_I_WIDTH = re.compile(r"(\w+_)?(dim|hidden_size|hidden_dim|embed_dim|channels|width|features|"
                      r"feature_dim|model_channels|initial_channel|dim_t5)|ch")
# sizes of the data rather than of the model (image/latent/audio channels): never shrunk, since
# other arguments are often derived from them (in_channels = 2 * latent_channels + 4)
_I_DATA = re.compile(r"((encoder|decoder|audio|extra|vace|control|cond)_)?"
                     r"(in|out|input|output|latent|z|io|audio|image|conditioning)_"
                     r"(channels|channel|dim|dims)|latent_channels|z_channels|z_dim|latent_dim|"
                     r"num_channels")
# indices of layers (vace_layers=[0, 5, 10, ...]): only those below the shrunk depth are kept
_I_LAYER_IDS = re.compile(r"(\w+_)?(layers|layer_ids|layers_places|layer_indices)")
# per-stage depths (DenseNet's block_config=(6, 12, 24, 16), ResNet's layers=(3, 4, 6, 3))
_I_STAGE_DEPTHS = re.compile(r"(\w+_)?(block_config|blocks_down|blocks_up|layers|depths|"
                             r"res_layers|num_res_layers)")
_I_CHANNEL_LIST = re.compile(r"(\w+_)?(channels|dims|features|hidden_sizes|stage_channels)")
_I_ROPE_AXES = re.compile(r"(\w+_)?(axes_dims?|axes_dims?_rope|axes_dim_rope|rope_axes_dim|"
                          r"rope_dim_list|rope_dim|rope_dims)")
_I_MROPE = re.compile(r"(\w+_)?mrope_section")
# side length of a square sample (latent or image) the shrunk model is built for
SAMPLE_SIZE = 16


def shrink_init_defaults(defaults: dict, level: Level) -> dict:
    """The __init__ arguments of `defaults` (name -> default) to change, for `level`: the
    constructor-argument rules, then the config rules for the keys those leave alone; sizes of
    the data (in_channels, latent_channels, ...) are kept. Tuples stay tuples. Rotary axis splits
    that add up to the head size are rescaled to the new head size."""
    plain = {k: list(v) if isinstance(v, tuple) else v for k, v in defaults.items()}
    config = shrink_config_dict(plain, level)
    out: dict = {}
    for key, v in plain.items():
        new = None if _I_DATA.fullmatch(key) else _shrink_init_value(key, v, level)
        if new is None:
            new = config.get(key)
        if new is not None and new != v:
            out[key] = new
    _fit_rope_axes(plain, out, level)
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
        if _I_LAYER_IDS.fullmatch(key) and all(0 <= a < b for a, b in zip(v, v[1:])):
            return [x for x in v if x < level.depth] or [0]
        if _I_STAGE_DEPTHS.fullmatch(key):
            return [min(x, 1) if x > 0 else x for x in v]
        if level.width is None:
            return None
        if key == "attention_head_dim" or _I_HEADS.fullmatch(key):
            # a per-stage list: the number of heads in UNets (their channels must divide by it)
            return [min(x, level.heads) for x in v]
        if _I_ROPE_AXES.fullmatch(key) or _I_MROPE.fullmatch(key):
            return None  # rescaled with the head size (_fit_rope_axes)
        if _I_CHANNEL_LIST.fullmatch(key) and max(v) > level.width:
            # keep the ratios between stages, the narrowest at `level.width` (a multiple of 32,
            # as some blocks hard-code 32 groups in their group norms) and the widest at most 8x
            f = max(1, min(v) // level.width, max(v) // (8 * level.width))
            return [max(8, (x // f) // 8 * 8) for x in v]
    return None


def _head_dim(cfg: dict):
    """The size of one attention head: given, or the width over the number of heads."""
    for k in ("attention_head_dim", "head_dim", "dim_head"):
        if _int(cfg.get(k)):
            return cfg[k]
    width = next((cfg[k] for k in ("hidden_size", "dim", "model_dim", "embed_dim", "hidden_dim")
                  if _int(cfg.get(k))), None)
    heads = next((cfg[k] for k in ("num_attention_heads", "n_heads", "num_heads", "heads")
                  if _int(cfg.get(k))), None)
    if width and heads and width % heads == 0:
        return width // heads
    return None


def _fit_rope_axes(defaults: dict, out: dict, level: Level) -> None:
    """A rotary split per axis (axes_dims_rope=(16, 56, 56) for a head of 128) must add up to the
    head size (a multimodal section, to half of it): rescale it to the shrunk head size, each
    part even. A model that gives no head size takes it from the split: the split becomes the
    level's head size."""
    old = _head_dim(defaults)
    new = _head_dim({**defaults, **out})
    if old is None and level.width:
        new = level.width // level.heads
    elif not old or not new or old == new:
        return
    for key, v in defaults.items():
        if not (isinstance(v, (list, tuple)) and v and all(_int(x) for x in v)):
            continue
        if _I_ROPE_AXES.fullmatch(key) and sum(v) == (old or sum(v)):
            parts = _split(v, new, even=True)
        elif _I_MROPE.fullmatch(key) and old and 2 * sum(v) == old:
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

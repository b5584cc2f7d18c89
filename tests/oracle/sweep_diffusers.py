"""Every diffusers model class, built tiny from its own constructor defaults.

The list is not picked by hand: every name diffusers exports at top level from `diffusers.models`
(`diffusers._import_structure["models"]`) that is a `ModelMixin` subclass — UNets, VAEs and other
autoencoders, DiT/SD3/Flux/PixArt/... transformers, ControlNets, adapters, prior models.

Building is generic: a diffusers model's configuration is its `__init__` keyword arguments
(`@register_to_config`), so the defaults of that signature are shrunk by the rules of `shrink.py`
(`shrink_init_defaults`: depth, widths, heads and head sizes, group norms, rotary splits, sample
size) and passed back to the class. Only two strengths are tried (tiny, small): shrink.py's third
level scales only the widths transformers configs name, and diffusers' default widths mean models
of billions of parameters.

Inputs are generic too (`inputs()`): every parameter of `forward` that has a maker below gets a
tensor shaped from the config (channels, text width, rotary axes, patch size, ...). Where the main
input's layout is ambiguous (an image, a video, a 1-D signal, a packed token sequence), every
layout is tried, the likeliest first (from the class name, the config and the signature), with the
typical optional inputs, without their attention masks, then with the required inputs alone. A
`Multi...` wrapper (MultiControlNetModel, ...) is built around two tiny models of the class it
wraps, and called with one control input per model.

Per-model exceptions exist only where the generic rule fails, each with its reason: OVERRIDES
(constructor values), INPUT_CHANNELS, TEXT_PER_FRAME and WRAPPED_COUNT (inputs and wrappers), and
KNOWN_FAILURES (classes that cannot be built or called generically; the sweep still tries them,
their records say what happened, except SKIP).
"""
from __future__ import annotations

import functools
import inspect
import re

from shrink import LEVELS as _ALL_LEVELS
from shrink import SAMPLE_SIZE, shrink_init_defaults

LIBRARY = "diffusers"
ROOTS = ("/diffusers/",)
PREFIXES = ("diffusers/",)
# tiny and small only: the third level keeps diffusers' default widths (billions of parameters)
LEVELS = _ALL_LEVELS[:2]

# class name -> ({__init__ argument: value}, why the generic rule fails); applied after shrinking.
# A value may be a function of the shrunk arguments (sizes that must follow another one).
_NO_PATCH = "patch_size defaults to None, which its __init__ cannot build with: 2, as in its " \
            "checkpoints"
OVERRIDES: dict[str, tuple[dict, str]] = {
    "HunyuanDiT2DModel": ({"patch_size": 2}, _NO_PATCH),
    "HunyuanDiT2DControlNetModel": ({"patch_size": 2}, _NO_PATCH),
    "LatteTransformer3DModel": ({"patch_size": 2}, _NO_PATCH),
    "EasyAnimateTransformer3DModel": ({"patch_size": 2}, _NO_PATCH),
    "HiDreamImageTransformer2DModel": ({"patch_size": 2}, _NO_PATCH),
    "LuminaNextDiT2DModel": ({"num_kv_heads": 1}, "num_kv_heads defaults to None, which its "
                             "attention cannot build with (it multiplies by it)"),
    "PRXTransformer2DModel": ({"axes_dim": (8, 8)}, "axes_dim=None means a fixed (32, 32) "
                              "rotary split, which must add up to the head size (16 here)"),
    "Kandinsky3UNet": ({"time_embedding_dim": lambda o: 4 * o["block_out_channels"][0]},
                       "its first block's time modulation is 4x the first stage's channels"),
    "UNet1DModel": ({"extra_in_channels": lambda o: 2 * o.get("block_out_channels", (32,))[0]},
                    "its Fourier time features (2x the first stage) are concatenated to the input, "
                    "and the defaults do not count them"),
    "UNetSpatioTemporalConditionModel": (
        {"addition_time_embed_dim": 8, "projection_class_embeddings_input_dim": 24},
        "the projection's input is its 3 added time ids x addition_time_embed_dim: the two are "
        "shrunk together"),
}

# class name -> (channels of the main input, why the config's in_channels is not them)
INPUT_CHANNELS: dict[str, tuple[int, str]] = {
    "AutoencoderKLMochi": (3, "in_channels=15 counts the encoder's Fourier features of an RGB "
                              "video, not the channels it is given"),
}

# class name -> why its text embedding comes once per frame (batch x frames): the pipelines
# repeat it, the model does not
TEXT_PER_FRAME: dict[str, str] = {
    "UNetMotionModel": "AnimateDiff's pipeline repeats the prompt embedding per frame",
    "SparseControlNetModel": "AnimateDiff's pipeline repeats the prompt embedding per frame",
}

# Multi... wrappers are built around two models (MultiAdapter refuses one), except:
WRAPPED_COUNT: dict[str, tuple[int, str]] = {
    "QwenImageMultiControlNetModel": (1, "supports a single ControlNet only"),
}

# Arguments whose default None no model can run with: a value of the level's width.
_NONE_DEFAULTS = ("in_channels",)

# class name -> why it cannot be built or called generically (found by the sweep, which still
# tries them: their records say what happened), except SKIP, which build() refuses.
_PIPELINE_INPUTS = "forward needs inputs only its pipeline builds: "
KNOWN_FAILURES: dict[str, str] = {
    "ControlNetXSAdapter": "forward() raises by design: it only runs inside UNetControlNetXSModel",
    "LTX2VideoDiffusionDecoderModel": "decoding the smallest latent its neighbourhood attention "
                                      "accepts (8x8) allocates 28 GB",
    "AutoencoderKLHunyuanImage": "__init__ has no defaults (7 required arguments)",
    "RFD4ProteinaAutoencoder": "__init__ requires atom37_mask and allowed_residue_types tensors",
    "ControlNetUnionModel": "its defaults do not build (addition_time_embed_dim=None): an "
                            "SDXL-only ControlNet, whose forward also needs SDXL's added "
                            "conditions",
    "EasyAnimateTransformer3DModel": "its defaults do not build (further None sizes)",
    "HiDreamImageTransformer2DModel": "its defaults do not build (llama_layers=None)",
    "LatteTransformer3DModel": "its defaults do not build (a None size in its patch embedding)",
    "OmniGenTransformer2DModel": "its defaults do not build (rope_scaling=None)",
    "ZImageControlNetModel": "its defaults do not build (control_layers_places=None)",
    "AutoencoderKLMiniMaxH3Audio": "its shrunk sizes leave a zero-sized weight-normed convolution",
    "CosmosTransformer3DModel": "forward uses torchvision's transforms (not installed)",
    "AutoencoderKLAllegro": "forward raises unless tiling is enabled (encoding without tiling is "
                            "not implemented)",
    "AnimaTextConditioner": _PIPELINE_INPUTS + "target_input_ids",
    "AnyFlowFARTransformer3DModel": _PIPELINE_INPUTS + "chunk_partition",
    "BriaFiboTransformer2DModel": _PIPELINE_INPUTS + "text_encoder_layers",
    "Cosmos3OmniTransformer": _PIPELINE_INPUTS + "token indexes, shapes and positions",
    "CosmosControlNetModel": _PIPELINE_INPUTS + "condition_mask",
    "GlmImageTransformer2DModel": _PIPELINE_INPUTS + "prior_token_id, prior_token_drop",
    "HunyuanVideoFramepackTransformer3DModel": _PIPELINE_INPUTS + "image_embeds, indices_latents",
    "HunyuanVideo15Transformer3DModel": _PIPELINE_INPUTS + "image_embeds",
    "I2VGenXLUNet": _PIPELINE_INPUTS + "image_embeddings",
    "Ideogram4Transformer2DModel": _PIPELINE_INPUTS + "position_ids, segment_ids, indicator",
    "Kandinsky5Transformer3DModel": _PIPELINE_INPUTS + "visual_rope_pos, text_rope_pos",
    "Kandinsky6SRLatentUpscalerBank": _PIPELINE_INPUTS + "scale",
    "Krea2Transformer2DModel": _PIPELINE_INPUTS + "position_ids",
    "LTX2VideoTransformer3DModel": _PIPELINE_INPUTS + "the audio stream's states",
    "LuminaNextDiT2DModel": _PIPELINE_INPUTS + "image_rotary_emb",
    "MiniMaxH3Transformer3DModel": _PIPELINE_INPUTS + "audio states, token tags and indices",
    "QwenImage21Transformer2DModel": _PIPELINE_INPUTS + "img_mask",
    "RFD4ProteinaTransformer": _PIPELINE_INPUTS + "local_latents, padding_mask",
    "SanaWMLTX2RefinerTransformer3DModel": _PIPELINE_INPUTS + "video_rotary_emb",
    "SanaWMTransformer3DModel": _PIPELINE_INPUTS + "mask and camera conditions",
    "T5FilmDecoder": _PIPELINE_INPUTS + "encodings_and_masks, decoder_input_tokens",
    "WanAnimate2Transformer3DModel": _PIPELINE_INPUTS + "condition latents and a kv cache",
    "WanAnimateTransformer3DModel": _PIPELINE_INPUTS + "pose and face inputs",
    "ZImageTransformer2DModel": _PIPELINE_INPUTS + "cap_feats (a list of tensors)",
    "FluxMultiControlNetModel": _PIPELINE_INPUTS + "controlnet_mode tensors (a union ControlNet)",
    "AceStepTransformer1DModel": "context_latents has channels the config does not name",
    "AnyFlowTransformer3DModel": "a video layout none of the generic ones match",
    "AutoencoderKLMiniMaxH3": "its encoder needs a larger sample than the generic ones",
    "AutoencoderKLQwenImage21": "its image-specialised causal convolution refuses every layout",
    "AutoencoderOobleck": "needs a waveform longer than its 2048x downsampling, and encoder and "
                          "decoder widths the shrinking does not keep matched",
    "BriaFibo2Transformer2DModel": "its layout is neither a packed sequence nor an image",
    "Cosmos3AVAEAudioTokenizer": "expects 2 audio channels, which its config does not name",
    "JoyImageEditPlusTransformer3DModel": "expects a 6-D input (several images)",
    "Kandinsky3UNet": "sizes derived from each other that the shrinking breaks",
    "Kandinsky6SRTransformer3DModel": "sizes derived from each other that the shrinking breaks",
    "Kandinsky6Transformer3DModel": "sizes derived from each other that the shrinking breaks",
    "MMAudioVAE": "a mel-spectrogram layout none of the generic ones match",
    "MiniMaxMusic3ConditionEncoder": "input sizes the config does not name",
    "MiniMaxMusic3RVQDepthDecoder": "input sizes the config does not name",
    "MiniMaxMusic3Transformer1DModel": "its condition must be frame-aligned with the input",
    "StableAudio3DiTModel": "an input layout the config does not name",
    "UVit2DModel": "micro-conditioning sizes derived from each other that the shrinking breaks",
}
# build() refuses these: trying is useless (forward raises by design) or harmful (memory)
SKIP = ("ControlNetXSAdapter", "LTX2VideoDiffusionDecoderModel")


@functools.lru_cache(maxsize=None)
def _classes() -> dict[str, type]:
    import diffusers
    import diffusers.models as dm
    from diffusers.models.modeling_utils import ModelMixin

    out: dict[str, type] = {}
    for name in diffusers._import_structure["models"]:
        try:
            obj = getattr(dm, name)
        except (ImportError, AttributeError):  # an optional backend is missing
            continue
        if isinstance(obj, type) and issubclass(obj, ModelMixin) and obj is not ModelMixin:
            out[name] = obj
    return dict(sorted(out.items()))


def entries() -> list[str]:
    return list(_classes())


def entry_of(name: str) -> str:
    return f"diffusers:{name}"


def init_defaults(cls) -> dict:
    """{argument: default} of the class's __init__ (required arguments left out)."""
    out = {}
    for p in list(inspect.signature(cls.__init__).parameters.values())[1:]:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is inspect.Parameter.empty:
            continue
        out[p.name] = p.default
    return out


def _wrapped_class(name: str, cls):
    """(argument, class name) of the models a `Multi...` wrapper holds a list of
    (MultiControlNetModel -> controlnets, ControlNetModel), when its __init__ requires that list;
    (None, None) for any other class."""
    params = inspect.signature(cls.__init__).parameters
    listed = [p for p in ("controlnets", "adapters") if p in params
              and params[p].default is inspect.Parameter.empty]
    if not listed or "Multi" not in name:
        return None, None
    inner = {"MultiAdapter": "T2IAdapter"}.get(name, name.replace("Multi", ""))
    return listed[0], inner if inner in _classes() else None


def build(name: str, level: int):
    """(model, constructor overrides as a dict) for `name` at shrink `level` (0 = smallest)."""
    if name in SKIP:
        raise RuntimeError(f"not built: {KNOWN_FAILURES[name]}")
    cls = _classes()[name]
    defaults = init_defaults(cls)
    overrides = shrink_init_defaults(defaults, LEVELS[level])
    overrides.update({k: LEVELS[level].width for k in _NONE_DEFAULTS
                      if k in defaults and defaults[k] is None})
    extra, _why = OVERRIDES.get(name, ({}, ""))
    overrides.update({k: v(overrides) if callable(v) else v for k, v in extra.items()})
    param, inner = _wrapped_class(name, cls)
    if param and inner:
        models = [build(inner, level) for _ in range(WRAPPED_COUNT.get(name, (2, ""))[0])]
        model = cls(**{param: [m for m, _ in models]}, **overrides)
        return model, {**overrides, param: [{inner: o} for _, o in models]}
    return cls(**overrides), overrides


def versions() -> dict:
    import diffusers
    return {"diffusers": diffusers.__version__}


# --- inputs ------------------------------------------------------------------------------------

TEXT = 8  # tokens of a text embedding
BATCH = 1

# config keys giving the width of the text (encoder) embedding, most specific first
_TEXT_DIM = ("encoder_hid_dim", "joint_attention_dim", "cross_attention_dim", "caption_channels",
             "text_embed_dim", "text_dim", "context_in_dim", "cap_feat_dim", "text_hidden_dim",
             "cond_token_dim", "encoder_hidden_size", "in_text_dim", "text_in_dim",
             "cross_attention_input_dim", "text_emb_dim", "dit_text_dim",
             "encoder_hidden_states_channels", "condition_dim", "conditioning_dim",
             "cond_embed_dim", "encoder_dim", "embedding_dim")
_POOLED_DIM = ("pooled_projection_dim", "projection_dim", "pooled_dim", "global_states_input_dim",
               "global_cond_dim", "clip_text_pooled_in_channels", "in_text_dim2",
               "embedding_proj_dim", "embedding_dim")
# config keys giving the channels of the main input (image, latent, audio, mel bins)
_IN_CHANNELS = ("in_channels", "encoder_in_channels", "input_channels", "in_dim", "in_visual_dim",
                "io_channels", "audio_channels", "num_channels", "num_mels", "mel_bins",
                "latent_channels", "z_dim", "latent_dim", "input_dims", "embedding_dim")
_ROPE_AXES = ("axes_dims_rope", "axes_dims", "axes_dim", "rope_axes_dim", "axes_dim_rope",
              "rope_dim_list")
_MAIN = ("sample", "hidden_states", "x", "latents", "z", "controls_latents", "mel", "xs",
         "inputs_embeds")
_TIMESTEP = ("timestep", "timesteps", "t", "timestep_r", "r_timestep", "timestep_ratio",
             "audio_timestep", "decoder_noise_time", "bb_ca_time", "local_latents_time")
# optional inputs a typical call passes (a maker returns None when the config says the model
# does not use one)
_TYPICAL = {"encoder_hidden_states", "pooled_projections", "timestep", "timesteps", "img_ids",
            "txt_ids", "guidance", "class_labels", "encoder_hidden_states_t5", "img_shapes",
            "encoder_hidden_states_mask", "encoder_attention_mask", "encoder_hidden_states_2",
            "encoder_attention_mask_2", "global_hidden_states", "controlnet_cond", "num_frames",
            "height", "width", "control_hidden_states", "conditioning_mask", "image_meta_size",
            "style", "text_embedding_mask", "text_embedding_mask_t5"}
_MASKS = {"encoder_attention_mask", "encoder_hidden_states_mask", "encoder_attention_mask_2",
          "text_embedding_mask", "text_embedding_mask_t5", "encoder_mask"}


def _get(cfg, *names, default=None):
    for n in names:
        v = cfg.get(n)
        if v is not None and v is not False:
            return v
    return default


def _first_int(v):
    while isinstance(v, (list, tuple)) and v:
        v = v[0]
    return v if isinstance(v, int) and not isinstance(v, bool) else None


class _Sizes:
    """The sizes every input of one model is made with, read from its config."""

    def __init__(self, cfg: dict):
        size = _first_int(cfg.get("sample_size"))
        self.size = size if size and 4 <= size <= 64 else SAMPLE_SIZE
        self.channels = _first_int(_get(cfg, *_IN_CHANNELS, default=4))
        self.embedding = _first_int(_get(cfg, "embedding_dim", default=self.channels))
        self.vocab = min(_first_int(_get(cfg, "vocab_size", "codebook_size", default=16)), 256)
        heads = _first_int(cfg.get("num_attention_heads"))
        head_dim = _first_int(cfg.get("attention_head_dim"))
        inner = heads * head_dim if heads and head_dim else 32
        self.text_dim = _first_int(_get(cfg, *_TEXT_DIM, default=inner))
        self.pooled_dim = _first_int(_get(cfg, *_POOLED_DIM, default=self.text_dim))
        # models with learned or fixed text positions take exactly their text length
        self.text = _first_int(_get(cfg, "text_len", "max_text_seq_length", "num_embeddings",
                                    default=TEXT))
        self.text_t5 = _first_int(_get(cfg, "text_len_t5", default=self.text))
        axes = _get(cfg, *_ROPE_AXES)
        self.axes = len(axes) if isinstance(axes, (list, tuple)) else 3
        tcr = _first_int(_get(cfg, "temporal_compression_ratio", "scale_factor_temporal"))
        pt = _first_int(cfg.get("patch_size_t"))
        self.frames = tcr + 1 if tcr else max(2, pt or 1)


# Layouts of the main input: (kind, frames, side). A video is (B, C, F, H, W), or frames first.
def _layouts(name: str, cfg: dict, params: list[str], s: _Sizes) -> list[tuple]:
    """Layouts of the main input, likeliest first (from the class name, its block types, its
    config keys and forward's parameters); the others after them."""
    types = " ".join(str(cfg.get(k)) for k in ("down_block_types", "up_block_types"))
    video = (re.search(r"(3D|Video)(?!iT)", name) or "3D" in types or "Motion" in types
             or any(k in cfg for k in ("patch_size_t", "temporal_compression_ratio",
                                       "sample_frames", "temperal_downsample",
                                       "scale_factor_temporal")))
    audio = any(w in name for w in ("1D", "Audio", "Oobleck", "Vocoder", "Music")) or "1D" in types
    packed = any(p in params for p in ("img_ids", "img_shapes", "txt_ids"))
    f, big = s.frames, 4 * s.size
    videos = [("video", f, s.size), ("video_frames_first", f, s.size), ("video", 9, s.size)]
    first = (videos if video else []) + ([("audio", 0, 256), ("sequence", 0, 0),
                                          ("audio", 0, 4096)] if audio else [])
    first += [("sequence", 0, 0)] if packed else []
    rest = [("image", 0, s.size), *videos, ("sequence", 0, 0), ("audio", 0, 256), ("vector", 0, 0)]
    if "Autoencoder" in name or "VAE" in name or "Vae" in name:
        # autoencoders compress 8-32x: some need a larger sample
        rest += [("image", 0, big), ("video", 9, big)]
    out: list[tuple] = []
    for lay in first + rest:
        if lay not in out:
            out.append(lay)
    return out


def _main_input(layout: tuple, s: _Sizes, torch, g, name: str):
    kind, frames, side = layout
    c = s.channels
    if name == "input_ids":  # token ids of a latent image (B, H, W)
        if kind != "image":
            return None
        return torch.randint(0, s.vocab, (BATCH, side, side), generator=g)
    if kind == "image":
        return torch.randn(BATCH, c, side, side, generator=g)
    if kind == "video":
        return torch.randn(BATCH, c, frames, side, side, generator=g)
    if kind == "video_frames_first":
        return torch.randn(BATCH, frames, c, side, side, generator=g)
    if kind == "sequence":  # a packed latent of 2x2 patches
        return torch.randn(BATCH, (s.size // 2) ** 2, c, generator=g)
    if kind == "audio":
        return torch.randn(BATCH, c, side, generator=g)
    return torch.randn(BATCH, s.embedding, generator=g)  # vector


def _ids(n: int, axes: int, torch, grid: bool):
    """Rotary position ids (n, axes): a square grid of rows and columns, or all zeros (text)."""
    ids = torch.zeros(n, axes)
    if grid and axes >= 3:
        side = int(n ** 0.5)
        ids[:, -2] = torch.arange(n) // side
        ids[:, -1] = torch.arange(n) % side
    return ids


def _control_image(cfg: dict, main, torch, g):
    """A ControlNet's condition: with a conditioning embedding (UNet ControlNets), an image in
    pixel space, 2x larger per embedding stage; otherwise a latent like the main input."""
    embed = next((cfg[k] for k in cfg if k.endswith("conditioning_embedding_out_channels")
                  and cfg[k]), None)
    if embed and main.dim() == 4:
        f = 2 ** (len(embed) - 1)
        c = _get(cfg, "conditioning_channels", "ctrl_conditioning_channels", default=3)
        return torch.randn(BATCH, c, main.shape[-2] * f, main.shape[-1] * f, generator=g)
    return torch.randn(main.shape, generator=g)


def _make(param: str, main, layout: tuple, cfg: dict, s: _Sizes, torch, g):
    """The value of `param`, or None when there is no generic maker for it."""
    kind = layout[0]
    if param in _TIMESTEP:
        return torch.tensor([0.5] * BATCH)
    if param in ("encoder_hidden_states", "text_bth", "clip_text"):
        return torch.randn(BATCH, s.text, s.text_dim, generator=g)
    if param in ("encoder_hidden_states_t5", "encoder_hidden_states_2"):
        dim = _first_int(_get(cfg, "cross_attention_dim_t5", "text_embed_dim_t5",
                              "text_embed_2_dim", default=None))
        return torch.randn(BATCH, s.text_t5, dim, generator=g) if dim else None
    if param in ("encoder_attention_mask", "encoder_hidden_states_mask", "text_embedding_mask",
                 "encoder_mask"):
        return torch.ones(BATCH, s.text, dtype=torch.long)
    if param in ("text_embedding_mask_t5", "encoder_attention_mask_2"):
        return torch.ones(BATCH, s.text_t5, dtype=torch.long)
    if param == "text_lens":
        return torch.tensor([s.text] * BATCH)
    if param in ("pooled_projections", "pooled_embeds", "pooled_text_emb", "proj_embedding"):
        return torch.randn(BATCH, s.pooled_dim, generator=g)
    if param in ("global_hidden_states", "clip_text_pooled"):
        return torch.randn(BATCH, 1, s.pooled_dim, generator=g)
    if param == "img_ids":
        n = main.shape[1] if kind == "sequence" else (s.size // 2) ** 2
        return _ids(n, s.axes, torch, grid=True)
    if param == "txt_ids":
        return _ids(s.text, s.axes, torch, grid=False)
    if param == "img_shapes":
        return [[(1, s.size // 2, s.size // 2)]] * BATCH
    if param == "guidance":
        return torch.tensor([3.5] * BATCH) if cfg.get("guidance_embeds") else None
    if param == "class_labels":
        if _get(cfg, "num_embeds_ada_norm", "num_class_embeds"):
            return torch.tensor([1] * BATCH)
        return None
    if param == "controlnet_cond":
        return _control_image(cfg, main, torch, g)
    if param in ("image_latents", "context_latents", "controls_latents"):
        return torch.randn(main.shape, generator=g)
    if param == "control_hidden_states":  # VACE: its own channels, the main input's layout
        c = _first_int(_get(cfg, "vace_in_channels", default=main.shape[1]))
        return torch.randn(main.shape[:1] + (c,) + main.shape[2:], generator=g)
    if param == "conditioning_mask":  # one channel, the main input's layout
        return torch.ones(main.shape[:1] + (1,) + main.shape[2:])
    if param == "fps":
        return torch.tensor([8] * BATCH)
    if param == "micro_conds":
        return torch.tensor([[512.0, 512.0, 0.0, 0.0, 6.0]] * BATCH)
    if param in ("num_frames", "height", "width"):
        if kind == "sequence":  # a packed latent of one frame
            return 1 if param == "num_frames" else s.size // 2
        if kind.startswith("video"):
            return layout[1] if param == "num_frames" else layout[2]
        return None
    if param in ("original_size", "target_size"):
        return torch.tensor([[s.size * 8.0, s.size * 8.0]] * BATCH)
    if param == "crop_coords":
        return torch.tensor([[0.0, 0.0]] * BATCH)
    if param == "image_meta_size":  # original and target sizes, crop corner
        return torch.tensor([[s.size * 8.0] * 4 + [0.0, 0.0]] * BATCH)
    if param == "style":
        return torch.zeros(BATCH, dtype=torch.long)
    if param == "added_time_ids":
        return torch.tensor([[6.0, 127.0, 0.02]] * BATCH)
    return None


def forward_params(model) -> list[tuple[str, bool]]:
    """(name, required) for each parameter of forward."""
    out = []
    for p in inspect.signature(model.forward).parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        out.append((p.name, p.default is inspect.Parameter.empty))
    return out


def _wrapped(model):
    """The models a Multi... wrapper holds (nets, adapters), or []."""
    for attr in ("nets", "adapters"):
        inner = getattr(model, attr, None)
        if inner is not None and len(inner) and hasattr(inner[0], "config"):
            return list(inner)
    return []


def inputs(model, name: str, torch) -> list[dict]:
    """Candidate keyword-argument dicts, likeliest first: for each layout of the main input, the
    required inputs with the typical optional ones, the same without optional attention masks,
    then the required ones alone. A Multi...
    wrapper's inputs are those of the models it wraps, one control input per model."""
    inner = _wrapped(model)
    cfg = dict(getattr(inner[0] if inner else model, "config", {}) or {})
    s = _Sizes(cfg)
    if name in INPUT_CHANNELS:
        s.channels = INPUT_CHANNELS[name][0]
    params = forward_params(model)
    names = [p for p, _ in params]
    main_name = next((p for p in _MAIN if p in names), names[0] if names else None)
    if main_name is None:
        return []
    out: list[dict] = []
    seen: set = set()
    if main_name == "z":  # a latent to decode, 8-32x larger: a small one
        s.size = 8
    for layout in _layouts(name, cfg, names, s):
        g = torch.Generator().manual_seed(0)
        main = _main_input(layout, s, torch, g, main_name)
        if main is None:
            continue
        full, required = {main_name: main}, {main_name: main}
        for p, req in params:
            if p == main_name or not (req or p in _TYPICAL):
                continue
            v = _make(p, main, layout, cfg, s, torch, g)
            if v is None:
                continue
            full[p] = v
            if req:
                required[p] = v
        if name in TEXT_PER_FRAME and main.dim() == 5:
            for kw in (full, required):
                if "encoder_hidden_states" in kw:
                    kw["encoder_hidden_states"] = kw["encoder_hidden_states"].repeat_interleave(
                        main.shape[2], dim=0)
        unmasked = {k: v for k, v in full.items() if k not in _MASKS or k in required}
        for kwargs in (full, unmasked, required):
            if (layout, tuple(kwargs)) not in seen:
                seen.add((layout, tuple(kwargs)))
                out.append(_per_model(kwargs, len(inner), names) if inner else kwargs)
    return out


def _per_model(kwargs: dict, n: int, params: list[str]) -> dict:
    """A Multi... wrapper takes its control inputs as lists, one item per wrapped model."""
    out = dict(kwargs)
    for k in ("controlnet_cond", "xs"):
        if k in out:
            out[k] = [out[k]] * n
    for k, v in (("conditioning_scale", 1.0), ("controlnet_mode", None)):
        if k in params:
            out[k] = [v] * n
    return out

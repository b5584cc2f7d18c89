"""Inputs for a model call, made from its `forward` signature and its config — not per model.

A typical call passes the model's main input and the inputs that usually come with it
(`input_ids` + `attention_mask`; `pixel_values`; `input_features`; ...). Each known input name has
a maker that reads the sizes it needs from the config (image size, channels, mel bins, ...).
Variants are tried in order until an eager call succeeds: the typical call, then the main input
alone, then other shapes of it (a video, a larger image, a pair of images for a keypoint matcher,
patchified pixels with their grid, a univariate series without its channel axis, stacked audio
frames), then the call without a cache (`use_cache=False`), and last the call with every optional
input a maker knows (`bbox`, `visual_feats`, `encoder_hidden_states`, ...). New variants go at the
end, so that a model recorded before is called the same way. Parameters a call must pass are
added to each, by name (`<input>_mask`, `qformer_input_ids`, `task_inputs`, `*_embeds`, a grid of
patches, a time series' observed mask and time features). The record keeps the names and shapes
of what was passed.
"""
from __future__ import annotations

import inspect

SEQ = 8


def _cfg(config, *names, default=None):
    """The first of `names` set on the config or one of its sub-configs (vision_config, ...)."""
    subs = [config] + [getattr(config, k) for k in ("vision_config", "audio_config", "text_config",
                                                     "encoder", "backbone_config", "encoder_config",
                                                     "model_config")
                       if getattr(config, k, None) is not None]
    for c in subs:
        for n in names:
            v = getattr(c, n, None)
            if v is not None:
                return v
    return default


def _image_size(config) -> tuple[int, int]:
    s = _cfg(config, "image_size", "img_size", "input_size", default=64)
    if isinstance(s, dict):
        s = s.get("height", 64), s.get("width", 64)
    if isinstance(s, (list, tuple)):
        return int(s[-2]), int(s[-1])
    return int(s), int(s)


def _gen(torch):
    return torch.Generator().manual_seed(0)


def _vocab(config) -> int:
    v = _cfg(config, "vocab_size", default=100)
    return max(4, min(int(v), 100)) if isinstance(v, int) else 100


def make_input(name: str, torch, config):
    g = _gen(torch)
    if name in ("input_ids", "decoder_input_ids", "labels_ids"):
        n = SEQ if name == "input_ids" else SEQ // 2
        return torch.randint(3, _vocab(config), (1, n), generator=g)
    if name in ("attention_mask", "decoder_attention_mask"):
        return torch.ones(1, SEQ if name == "attention_mask" else SEQ // 2, dtype=torch.long)
    if name == "token_type_ids":
        return torch.zeros(1, SEQ, dtype=torch.long)
    if name == "pixel_values":
        h, w = _image_size(config)
        c = _cfg(config, "num_channels", "in_channels", "in_chans", default=3)
        return torch.randn(1, int(c), h, w, generator=g)
    if name == "input_features":
        mels = _cfg(config, "num_mel_bins", "feature_size", "input_feat_size", default=80)
        frames = _cfg(config, "max_source_positions", default=None)
        t = 2 * frames if isinstance(frames, int) and frames <= 1500 else 64
        return torch.randn(1, int(mels), t, generator=g)
    if name == "pixel_values_videos":  # (batch, frames, channels, height, width)
        h, w = _image_size(config)
        c = _cfg(config, "num_channels", "in_channels", "in_chans", default=3)
        frames = _cfg(config, "tubelet_size", "temporal_patch_size", default=2)
        if isinstance(frames, (list, tuple)):  # a tubelet (time, height, width)
            frames = frames[0]
        return torch.randn(1, 2 * int(frames), int(c), h, w, generator=g)
    if name == "past_values":  # a time series: (batch, context length, channels)
        length = _cfg(config, "context_length", default=32)
        lags = _cfg(config, "lags_sequence", default=None)
        length = int(length) + (max(lags) if isinstance(lags, (list, tuple)) and lags else 0)
        channels = _cfg(config, "num_input_channels", "input_size", default=1)
        return torch.randn(1, length, int(channels), generator=g)
    if name == "inputs":  # a model fed embeddings as they come (Perceiver), or raw audio
        width = _cfg(config, "d_model", default=None)
        if isinstance(width, int):
            return torch.randn(1, SEQ, width, generator=g)
        return torch.randn(1, 4000, generator=g)
    if name == "encoder_hidden_states":  # what a cross-attending stack attends to
        width = _cfg(config, "encoder_hidden_size", "hidden_size", "d_model", default=32)
        return torch.randn(1, SEQ, int(width), generator=g)
    if name == "freq":  # a forecaster's frequency class per series (0: high frequency)
        return torch.zeros(1, 1, dtype=torch.long)
    if name == "bbox":  # a box per token, (x0, y0, x1, y1) on a 0..1000 page
        corner = torch.randint(0, 500, (1, SEQ, 2), generator=g)
        return torch.cat([corner, corner + torch.randint(1, 500, (1, SEQ, 2), generator=g)], -1)
    if name in ("visual_feats", "visual_pos"):  # region features and boxes of a detector
        dim = _cfg(config, "visual_feat_dim" if name == "visual_feats" else "visual_pos_dim",
                   default=4)
        return torch.rand(1, SEQ // 2, int(dim), generator=g)
    if name in ("states", "actions", "returns_to_go", "rewards"):  # an offline-RL trajectory
        dim = {"states": _cfg(config, "state_dim", default=1),
               "actions": _cfg(config, "act_dim", default=1)}.get(name, 1)
        return torch.randn(1, SEQ, int(dim), generator=g)
    if name == "timesteps":
        steps = _cfg(config, "max_ep_len", default=SEQ)
        return torch.randint(0, max(1, min(int(steps), 1000)), (1, SEQ), generator=g)
    if name == "audio_mel":  # (batch, frames, mel bins)
        mels = _cfg(config, "input_feat_size", "num_mel_bins", "feature_size", default=128)
        return torch.randn(1, 64, int(mels), generator=g)
    if name == "input_values":
        mels = _cfg(config, "num_mel_bins", default=None)
        if isinstance(mels, int):  # a spectrogram model: (batch, frames, mel bins)
            frames = _cfg(config, "max_length", default=64)
            return torch.randn(1, int(frames) if isinstance(frames, int) else 64, mels, generator=g)
        return torch.randn(1, 4000, generator=g)  # raw audio
    return None


TYPICAL = ("input_ids", "attention_mask", "token_type_ids", "decoder_input_ids", "pixel_values",
           "input_features", "input_values", "pixel_values_videos", "past_values", "audio_mel",
           "states", "inputs")


GRIDS = ("grid_thw", "image_grid_thw")


def patch_tower_inputs(torch, config, patches="hidden_states", grid="grid_thw",
                       params=()) -> dict | None:
    """A vision tower fed flattened patches and their grid (`forward(hidden_states, grid_thw)`,
    the Qwen-VL family, or `forward(pixel_values, grid_thw)`): one frame of side x side patches,
    side twice the spatial merge size (a `merge_sizes` parameter gets that size)."""
    patch = _cfg(config, "patch_size", default=None)
    if not isinstance(patch, int):
        return None
    merge = _cfg(config, "spatial_merge_size", "merge_size", default=1) or 1
    temporal = _cfg(config, "temporal_patch_size", "patch_temporal", default=1) or 1
    channels = _cfg(config, "in_channels", "num_channels", default=3)
    side = 2 * int(merge)
    g = _gen(torch)
    out = {patches: torch.randn(side * side, int(channels) * int(temporal) * patch * patch,
                                generator=g),
           grid: torch.tensor([[1, side, side]])}
    if "merge_sizes" in params:
        out["merge_sizes"] = torch.tensor([int(merge)])
    return out


def patchified_pixels(torch, config) -> dict:
    """Pixels already cut into patches, with the patch grid (`spatial_shapes`, the NaFlex
    towers): 4 x 4 patches, all valid."""
    patch = int(_cfg(config, "patch_size", default=16))
    channels = int(_cfg(config, "num_channels", default=3))
    side = 4
    return {"pixel_values": torch.randn(1, side * side, channels * patch * patch,
                                        generator=_gen(torch)),
            "pixel_attention_mask": torch.ones(1, side * side, dtype=torch.long),
            "spatial_shapes": torch.tensor([[side, side]])}


def positioned_patches(torch, config) -> dict:
    """Pixels cut into patches with each patch's (x, y) position (`pixel_position_ids`, Gemma 4's
    tower): a square of patches, twice the pooling kernel on a side."""
    patch = int(_cfg(config, "patch_size", default=16))
    channels = int(_cfg(config, "num_channels", default=3))
    side = 2 * int(_cfg(config, "pooling_kernel_size", default=2))
    ys, xs = torch.meshgrid(torch.arange(side), torch.arange(side), indexing="ij")
    return {"pixel_values": torch.randn(1, side * side, channels * patch * patch,
                                        generator=_gen(torch)),
            "pixel_position_ids": torch.stack([xs, ys], -1).reshape(1, side * side, 2)}


def required_params(model) -> list[str]:
    """The parameters of `forward` a call must pass (no default, not *args/**kwargs)."""
    try:
        sig = inspect.signature(model.forward)
    except (TypeError, ValueError):
        return []
    return [n for n, p in sig.parameters.items()
            if p.default is inspect.Parameter.empty
            and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def companion_input(name: str, kwargs: dict, torch, config):
    """An input named after another one already in the call: `qformer_input_ids` (token ids),
    `qformer_attention_mask`, `<input>_mask` / `<input>_padding` (all valid / no padding, over
    the input's time axis: the one that is not its feature size)."""
    if name.endswith("_input_ids"):
        return make_input("input_ids", torch, config)
    if name.endswith("_inputs"):  # a prompt of token ids (`task_inputs`), as long as the config says
        length = _cfg(config, "task_seq_len", "text_seq_len", default=SEQ)
        return torch.randint(3, _vocab(config), (1, int(length)), generator=_gen(torch))
    if name.endswith("_embeds"):  # a required embedding sequence (`query_embeds`)
        width = _cfg(config, "hidden_size", "d_model", default=32)
        return torch.randn(1, SEQ, int(width), generator=_gen(torch))
    pixels = kwargs.get("pixel_values")
    if pixels is not None and name.endswith(("_pixel_values", "_masks")):
        # in-context segmentation: a prompt image and its mask, shaped like the input image
        return torch.rand(pixels.shape, generator=_gen(torch))
    series = kwargs.get("past_values")
    if name == "past_observed_mask" and series is not None:  # every value observed
        return torch.ones_like(series)
    if name == "past_time_features" and series is not None:  # (batch, length, time features)
        n = (_cfg(config, "num_time_features", default=0) or 0) + \
            (_cfg(config, "num_dynamic_real_features", default=0) or 0)
        return torch.randn(1, series.shape[1], int(n), generator=_gen(torch))
    if name.endswith("_attention_mask"):
        return make_input("attention_mask", torch, config)
    for suffix, fill in (("_mask", torch.ones), ("_padding", torch.zeros)):
        x = kwargs.get(name[:-len(suffix)]) if name.endswith(suffix) else None
        if x is None or not hasattr(x, "dim"):
            continue
        if x.dim() == 2:
            return fill(tuple(x.shape), dtype=torch.long)
        if x.dim() == 3:
            feat = _cfg(config, "num_mel_bins", "feature_size", "input_feat_size",
                        "num_input_channels", default=None)
            axis = 2 if x.shape[1] == feat and x.shape[2] != feat else 1
            return fill((x.shape[0], x.shape[axis]), dtype=torch.long)
    return None


def with_required(kwargs: dict, required: list[str], torch, config) -> dict:
    """`kwargs` with every required parameter it lacks that a maker can make."""
    out = dict(kwargs)
    for name in required:
        if name not in out:
            v = make_input(name, torch, config)
            if v is None:
                v = companion_input(name, out, torch, config)
            if v is not None:
                out[name] = v
    return out


def video_pixels(torch, config):
    """Pixel values of a video model that calls them `pixel_values`: (batch, frames, channels,
    height, width), as many frames as the config says."""
    frames = _cfg(config, "num_frames", default=None)
    if not isinstance(frames, int) or frames < 1:
        return None
    h, w = _image_size(config)
    c = _cfg(config, "num_channels", "in_channels", "in_chans", default=3)
    return torch.randn(1, frames, int(c), h, w, generator=_gen(torch))


def forward_params(model) -> list[str]:
    try:
        return list(inspect.signature(model.forward).parameters)
    except (TypeError, ValueError):
        return []


def variants(model, torch) -> list[dict]:
    """Candidate keyword-argument dicts, most typical first: the main input with its usual
    companions (an attention mask for token ids, decoder ids for an encoder-decoder), then the
    main input with decoder ids alone, then the main input alone."""
    params = forward_params(model)
    config = getattr(model, "config", None)
    required = required_params(model)
    if params[:2] == ["hidden_states", "grid_thw"]:
        tower = patch_tower_inputs(torch, config)
        return [tower] if tower else []
    grid = next((n for n in GRIDS if n in required), None)
    if grid and params and params[0] != grid:
        tower = patch_tower_inputs(torch, config, params[0], grid, params)
        return [with_required(tower, required, torch, config)] if tower else []
    main = getattr(model, "main_input_name", None) or (params[0] if params else None)
    if main not in params and params:
        main = next((n for n in TYPICAL if n in params), None)
    if main is None:
        return []
    first = make_input(main, torch, config)
    if first is None:
        return []
    companions = []
    if main == "input_ids" and "attention_mask" in params:
        companions.append("attention_mask")
    if "decoder_input_ids" in params:
        companions.append("decoder_input_ids")
    # Models of two inputs (text and image encoders: CLIP-style) need both.
    both = companions + [n for n in ("pixel_values", "input_ids") if n in params and n != main]
    out: list[dict] = []
    for names in (companions, both, [n for n in companions if n == "decoder_input_ids"], []):
        kwargs = {main: first, **{n: make_input(n, torch, config) for n in names}}
        if list(kwargs) not in [list(k) for k in out]:
            out.append(kwargs)
    if main == "input_features" and first.dim() == 3:
        # Speech encoders differ in layout: (batch, mel bins, frames) or (batch, frames, mel bins).
        out += [{k: (v.transpose(1, 2) if k == main else v) for k, v in kw.items()}
                for kw in list(out)]
        stacked = _cfg(config, "feature_projection_input_dim", default=None)
        if isinstance(stacked, int) and stacked not in first.shape:
            # frames stacked before the projection (w2v-BERT: 2 x 80 mel bins)
            out.append({**out[0], main: torch.randn(1, first.shape[-1], stacked,
                                                    generator=_gen(torch))})
    if main == "pixel_values":
        video = video_pixels(torch, config)
        if video is not None:
            out.append({main: video})
        if _cfg(config, "image_size", "img_size", "input_size", default=None) is None:
            # no size in the config: 64x64 first, then the common pretraining size (detection
            # models pick more queries than a small image has positions)
            c = _cfg(config, "num_channels", "in_channels", "in_chans", default=3)
            out.append({main: torch.randn(1, int(c), 224, 224, generator=_gen(torch))})
    if main == "input_values" and first.dim() == 2:
        # raw audio as (batch, channels, samples): codecs take the channel axis
        channels = _cfg(config, "audio_channels", default=1)
        out.append({main: first.reshape(1, 1, -1).expand(1, int(channels), -1).contiguous()})
    if main == "pixel_values":
        # keypoint matchers take a pair of images: (batch, 2, channels, height, width)
        out.append({main: torch.stack([first, first.flip(-1)], 1)})
        if "spatial_shapes" in params:
            out.append({**{k: v for k, v in out[0].items() if k != main},
                        **patchified_pixels(torch, config)})
        if "pixel_position_ids" in params:
            out.append({**{k: v for k, v in out[0].items() if k != main},
                        **positioned_patches(torch, config)})
    if main == "pixel_values_videos":
        video = video_pixels(torch, config)  # as many frames as the config says
        if video is not None and video.shape[1] != first.shape[1]:
            out.append({**out[0], main: video})
    if main == "past_values" and first.dim() == 3 and first.shape[2] == 1:
        # a univariate series as (batch, length), the documented shape some models require
        out.append({k: (v.squeeze(2) if k in (main, "past_observed_mask") else v)
                    for k, v in out[0].items()})
    codebooks = _cfg(config, "num_codebooks", default=None)
    if main == "input_ids" and isinstance(codebooks, int) and codebooks > 1:
        # one row of tokens per codebook, folded into the batch (MusicGen's decoder)
        out.append({**out[0], main: torch.randint(3, _vocab(config), (codebooks, SEQ),
                                                  generator=_gen(torch))})
    if "use_cache" in params:
        # no cache: a hybrid model shrunk to recurrent layers only has no attention cache to size
        out.append({**out[0], "use_cache": False})
    # Last, the call with every optional input a maker knows (`bbox` for a layout model,
    # `visual_feats` for a region-feature model): some models need one the signature leaves
    # optional (the body raises when it is None).
    known: dict = {}
    for n in params:
        if n in out[0] or n.endswith("_embeds"):  # embeddings replace the ids, not add to them
            continue
        v = make_input(n, torch, config)
        if v is None and n.endswith(("_mask", "_padding")):
            v = companion_input(n, out[0], torch, config)  # the mask of an input in the call
        if v is not None:
            known[n] = v
    if known:
        out.append({**out[0], **known})
        # the same with a video for `pixel_values` (a model of `num_frames`) and audio features
        # as a one-channel image (batch, 1, frames, mel bins)
        video = video_pixels(torch, config) if "pixel_values" in known else None
        audio = known.get("input_features")
        reshaped = {**({"pixel_values": video} if video is not None else {}),
                    **({"input_features": audio.unsqueeze(1)} if audio is not None else {})}
        if reshaped:
            out.append({**out[-1], **reshaped})
    if main != "pixel_values" and "pixel_values" in params:
        # a text-and-image model whose image tower takes patchified pixels (SigLIP 2's NaFlex)
        rest = {k: v for k, v in out[0].items() if k != "pixel_values"}
        if "spatial_shapes" in params:
            out.append({**rest, **patchified_pixels(torch, config)})
        if "pixel_position_ids" in params:
            out.append({**rest, **positioned_patches(torch, config)})
    width = _cfg(config, "hidden_size", "d_model", default=None)
    if first.dim() == 3 and first.is_floating_point() and isinstance(width, int) \
            and first.shape[-1] != width:
        # frames already embedded to the model's width (a model whose pre-net is a separate
        # module: SpeechT5's base model takes hidden states), its decoder's frames too
        embedded = {**out[0], main: torch.randn(1, first.shape[1], width, generator=_gen(torch))}
        out.append(embedded)
        if "decoder_input_values" in params:
            out.append({**embedded, "decoder_input_values": torch.randn(
                1, max(1, first.shape[1] // 2), width, generator=_gen(torch))})
    # Parameters without a default that the typical call leaves out (`qformer_input_ids`,
    # `input_features_mask`, a second input): made by name where a maker knows them. Added
    # after the variants were chosen, so that a call that worked before is made the same way.
    made = [with_required(kw, required, torch, config) for kw in out]
    # Masks the signature types as boolean (`audio_mel_mask: torch.BoolTensor`): the same calls
    # again with those masks as bool, after the ones that worked before.
    typed = [as_annotated(kw, model, torch) for kw in made]
    return made + [kw for kw, was in zip(typed, made) if kw is not was]


def as_annotated(kwargs: dict, model, torch) -> dict:
    """`kwargs` with each integer tensor whose parameter is annotated `torch.BoolTensor` cast
    to bool (the same dict when there is none)."""
    try:
        sig = inspect.signature(model.forward)
    except (TypeError, ValueError):
        return kwargs
    cast = {n: v.bool() for n, v in kwargs.items()
            if n in sig.parameters and "BoolTensor" in str(sig.parameters[n].annotation)
            and hasattr(v, "dtype") and v.dtype != torch.bool}
    return {**kwargs, **cast} if cast else kwargs


def batch_of_two(kwargs: dict, torch) -> dict:
    """`kwargs` with every tensor of batch size one repeated to a batch of two."""
    def two(v):
        if hasattr(v, "dim") and v.dim() > 0 and v.shape[0] == 1:
            return torch.cat([v, v], 0)
        return v
    return {k: two(v) for k, v in kwargs.items()}

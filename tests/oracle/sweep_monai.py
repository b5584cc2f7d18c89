"""Every network class of MONAI (`monai.networks.nets`), built tiny from its own constructor.

The list is not picked by hand: every public name of `monai.networks.nets` that is an
`nn.Module` subclass, once per class (MONAI exports aliases: DenseNet121 = Densenet121 =
densenet121), under the class's own name. That includes the building blocks the package exports
(BertAttention, PatchMerging, ResNetBlock, ...): they are networks gbreak may be pointed at too.

Building is generic: the constructor's defaults are shrunk by `shrink.shrink_init_defaults`
(widths, depths, heads), arguments without a default are filled from REQUIRED by their names
(spatial_dims, in_channels, channels, strides, img_size, ...), and nothing is downloaded
(`pretrained=False`). The smallest level builds 2-D networks (spatial_dims=2), the last keeps the
default (mostly 3-D). Inputs come from forward's signature (`inputs()`): an image of the built
network's channels and dimensions, at the size it was built for, or larger if it needs more.

Per-model exceptions exist only where the generic rule fails, each with its reason (OVERRIDES,
KNOWN_FAILURES).
"""
from __future__ import annotations

import functools
import inspect

from shrink import LEVELS, shrink_init_defaults

LIBRARY = "monai"
ROOTS = ("/monai/",)
PREFIXES = ("monai/",)

SIZE = 32  # side of a built network's image (divisible by 2**4 for 4-level encoders)
BATCH = 1


def _spatial(dims: int) -> tuple:
    return (SIZE,) * dims


# Arguments without a default, filled by name: f(dims) -> value. Sizes fit each other (3 channel
# stages, 2 strides; a 32-pixel image in 4-pixel patches).
REQUIRED = {
    "spatial_dims": lambda d: d,
    "in_channels": lambda d: 1,
    "out_channels": lambda d: 2,
    "unet_out_channels": lambda d: 2,
    "num_classes": lambda d: 2,
    "classes": lambda d: 2,
    "channels": lambda d: [16, 32, 64],  # a list: some networks reverse it in place
    "strides": lambda d: (2, 2),
    "img_size": _spatial,
    "image_size": _spatial,
    "input_image_size": _spatial,
    "input_shape": _spatial,
    "in_shape": lambda d: (1,) + _spatial(d),
    "out_shape": lambda d: (2,),
    "latent_shape": lambda d: (8,),
    "start_shape": lambda d: (16,) + (4,) * d,
    "patch_size": lambda d: (4,) * d,
    "hidden_size": lambda d: 32,
    "mlp_dim": lambda d: 64,
    "num_layers": lambda d: 2,
    "num_heads": lambda d: 2,
    "latent_size": lambda d: 8,
    "hidden_channels": lambda d: (16, 16),
    "encode_channels": lambda d: (16, 16),
    "decode_channels": lambda d: (16, 16),
    "final_conv_channels": lambda d: (16, 16),
    "num_channel_initial": lambda d: 8,
    "depth": lambda d: 2,
    "extract_levels": lambda d: (0, 1, 2),
    "label_nc": lambda d: 2,
    "num_d": lambda d: 2,
    "num_layers_d": lambda d: 2,
    "in_planes": lambda d: 16,
    "planes": lambda d: 16,
    "dim": lambda d: 16,
    "num_tokens": lambda d: 16,
    "max_seq_len": lambda d: 16,
    "attn_layers_dim": lambda d: 32,
    "attn_layers_depth": lambda d: 2,
    "attn_layers_heads": lambda d: 2,
    "num_language_layers": lambda d: 1,
    "num_vision_layers": lambda d: 1,
    "num_mixed_layers": lambda d: 1,
}

# Never download weights.
_NO_DOWNLOAD = {"pretrained": False, "progress": False}

# class name -> ({argument: value}, why the generic rule fails); applied last. A value may be a
# function of the spatial dimensions.
_EFFICIENTNET = ({"model_name": "efficientnet-b0"}, "model_name (required) picks the variant")
OVERRIDES: dict[str, tuple[dict, str]] = {
    "DynUNet": ({"kernel_size": (3, 3, 3), "strides": (1, 2, 2), "upsample_kernel_size": (2, 2)},
                "kernel_size, strides and upsample_kernel_size are per-level lists of one length"),
    "EfficientNetBN": _EFFICIENTNET,
    "EfficientNetBNFeatures": _EFFICIENTNET,
    "EfficientNetEncoder": _EFFICIENTNET,
    "FlexibleUNet": ({"backbone": "efficientnet-b0"}, "backbone (required) names an encoder"),
    "ResNet": ({"block": "basic", "layers": (1, 1, 1, 1), "block_inplanes": (8, 16, 32, 64)},
               "block, layers and block_inplanes (required) define the variant"),
    "ResNetEncoder": ({"model_name": "resnet10"}, "model_name (required) picks the variant"),
    "ResNetFeatures": ({"model_name": "resnet10"}, "model_name (required) picks the variant"),
    "SENet": ({"block": "se_resnet_bottleneck", "layers": (1, 1, 1, 1), "groups": 1,
               "reduction": 16}, "block, layers, groups, reduction (required) define the variant"),
    "AutoEncoder": ({"strides": (2, 2, 2)}, "one stride per channel stage (UNet: one fewer)"),
    "VarAutoEncoder": ({"strides": (2, 2, 2)}, "one stride per channel stage (UNet: one fewer)"),
    "PatchDiscriminator": ({"channels": 16}, "channels is the first layer's width, an int"),
    "MultiScalePatchDiscriminator": ({"channels": 16}, "channels is the first layer's width"),
    "ResNetBottleneck": ({"in_planes": 64, "planes": 16}, "the residual adds the input: "
                         "in_planes = 4 x planes (the bottleneck's expansion)"),
    "NaViT": ({"patch_size": 4}, "patch_size is an int"),
    "SPADENet": ({"z_dim": 8}, "is_vae=True (default) needs z_dim"),
    "VoxelMorphUNet": ({"in_channels": 2, "channels": (16, 32, 32, 16)},
                       "takes a moving and a fixed image concatenated; channels come in "
                       "(encoder, decoder) pairs"),
    "EfficientNet": ({"blocks_args_str": ["r1_k3_s11_e1_i32_o16_se0.25",
                                          "r1_k3_s22_e6_i16_o24_se0.25"]},
                     "blocks_args_str (required) lists the blocks: EfficientNet-B0's first two"),
}

# class name -> (function(image) -> forward kwargs, why the generic input does not fit)
INPUT_OVERRIDES: dict[str, tuple] = {
    "NaViT": (lambda x: {"batched_images": [[x[0]]]},
              "takes lists (per batch item) of images of any size"),
    "PatchMerging": (lambda x: {"x": x.movedim(1, -1).expand(*x.shape[:1], *x.shape[2:], 16)},
                     "takes channels-last features (batch, *spatial, dim)"),
    "PatchMergingV2": (lambda x: {"x": x.movedim(1, -1).expand(*x.shape[:1], *x.shape[2:], 16)},
                       "takes channels-last features (batch, *spatial, dim)"),
}

# class name -> why it cannot be built or called generically (the records say what happened).
_TORCHVISION = "builds a torchvision model (torchvision is not installed)"
KNOWN_FAILURES: dict[str, str] = {
    "DAF3D": _TORCHVISION,
    "MILModel": _TORCHVISION,
    "TorchVisionFCModel": _TORCHVISION,
    "HyenaNDUNETR": "needs the optional nvsubquadratic package",
    "BertAttention": "takes a transformers-style BERT config object",
    "BertMixedLayer": "takes a transformers-style BERT config object",
    "BertOutput": "takes a transformers-style BERT config object",
    "BertPreTrainedModel": "an abstract base (no forward of its own)",
    "MultiModal": "takes a transformers-style BERT config object",
    "DiNTS": "takes a searched TopologyInstance/TopologySearch network (dints_space)",
    "NetAdapter": "wraps a given model (model is required)",
    "VISTA3D": "takes its image encoder and heads as built networks",
    "Transchex": "loads a BERT configuration from the Hugging Face hub",
    "TopologyInstance": "without a searched arch_code its forward indexes past the default one",
    "TopologySearch": "without a searched arch_code its forward indexes past the default one",
}

# The last build's arguments, per class: inputs() shapes the call from them (MONAI networks keep
# no config object).
_BUILT: dict[str, dict] = {}


@functools.lru_cache(maxsize=None)
def _classes() -> dict[str, type]:
    import torch
    import monai.networks.nets as nets

    names: dict[type, list[str]] = {}
    for n in dir(nets):
        obj = getattr(nets, n, None)
        if not n.startswith("_") and isinstance(obj, type) and issubclass(obj, torch.nn.Module):
            names.setdefault(obj, []).append(n)
    out = {}
    for cls, aliases in names.items():
        out[cls.__name__ if cls.__name__ in aliases else sorted(aliases)[0]] = cls
    return dict(sorted(out.items()))


def entries() -> list[str]:
    return list(_classes())


def entry_of(name: str) -> str:
    return f"monai.networks.nets:{name}"


def _params(cls) -> list[inspect.Parameter]:
    """The constructor's parameters; for one that passes **kwargs on (SEResNet50(**kwargs) ->
    SENet), also the required parameters of the parent's constructor."""
    own = list(inspect.signature(cls.__init__).parameters.values())[1:]
    out = [p for p in own if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if any(p.kind == p.VAR_KEYWORD for p in own):
        parent = next((c for c in cls.__mro__[1:] if "__init__" in vars(c)), None)
        if parent is not None and parent.__module__.startswith("monai."):
            names = {p.name for p in out}
            out += [p for p in _params(parent) if p.name not in names
                    and p.default is inspect.Parameter.empty]
    return out


def build(name: str, level: int):
    """(model, the constructor arguments given) for `name` at shrink `level` (0 = smallest)."""
    cls = _classes()[name]
    params = _params(cls)
    defaults = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}
    kwargs = shrink_init_defaults(defaults, LEVELS[level])
    default_dims = defaults.get("spatial_dims")
    dims = 2 if level < 2 or not isinstance(default_dims, int) else default_dims
    if "spatial_dims" in defaults:
        kwargs["spatial_dims"] = dims
    for p in params:
        if p.default is inspect.Parameter.empty and p.name in REQUIRED:
            kwargs[p.name] = REQUIRED[p.name](dims)
        if p.name in _NO_DOWNLOAD:
            kwargs[p.name] = _NO_DOWNLOAD[p.name]
    extra, _why = OVERRIDES.get(name, ({}, ""))
    kwargs.update({k: v(dims) if callable(v) else v for k, v in extra.items()})
    model = cls(**kwargs)
    _BUILT[name] = {**defaults, **kwargs}
    return model, kwargs


def versions() -> dict:
    import monai
    return {"monai": monai.__version__}


# --- inputs ------------------------------------------------------------------------------------

_CHANNELS = ("in_channels", "n_input_channels", "num_channels", "input_channels", "in_planes")


def _dims(args: dict) -> int:
    """The spatial dimensions the network was built for."""
    if args.get("spatial_dims") in (1, 2, 3):
        return args["spatial_dims"]
    for k in ("img_size", "image_size", "input_image_size", "input_shape"):
        if isinstance(args.get(k), (list, tuple)):
            return len(args[k])
    for k in ("in_shape", "start_shape"):  # (channels, *spatial)
        if isinstance(args.get(k), (list, tuple)):
            return len(args[k]) - 1
    return 2


def _channels(args: dict) -> int:
    for k in _CHANNELS:
        if isinstance(args.get(k), int):
            return args[k]
    if isinstance(args.get("in_shape"), (list, tuple)):
        return args["in_shape"][0]
    return 1


def _sizes(args: dict) -> list[int]:
    """Image sides to try: the size it was built for, then larger ones."""
    built = next((args[k] for k in ("img_size", "image_size", "input_image_size", "input_shape")
                  if isinstance(args.get(k), (list, tuple, int))), None)
    if built is not None:
        return [built if isinstance(built, int) else built[0]]
    return [SIZE, 64, 128, 256] if _dims(args) <= 2 else [SIZE, 64]


def _make(param: str, image, args: dict, torch, g):
    """The value of a further forward parameter, or None when there is no generic maker."""
    if param == "timesteps":
        return torch.tensor([10] * BATCH)
    if param == "controlnet_cond":  # in pixel space: 2x larger per embedding stage
        c = args.get("conditioning_embedding_in_channels", 1)
        f = 2 ** (len(args.get("conditioning_embedding_num_channels") or (1,)) - 1)
        spatial = tuple(n * f for n in image.shape[2:])
        return torch.randn(image.shape[:1] + (c,) + spatial, generator=g)
    if param == "seg":
        return torch.randn(image.shape[:1] + (args.get("label_nc", 2),) + image.shape[2:],
                           generator=g)
    if param == "fixed":
        return torch.randn(image.shape, generator=g)
    if param == "x":  # SPADENet(seg, x): the image beside its segmentation
        c = args.get("in_channels", 1)
        return torch.randn(image.shape[:1] + (c,) + image.shape[2:], generator=g)
    if param == "context" and args.get("with_conditioning"):
        return torch.randn(BATCH, 8, args.get("cross_attention_dim") or 32, generator=g)
    return None


def _first_conv_channels(model, torch):
    """The input channels of the network's first convolution (when its arguments do not say)."""
    for m in model.modules():
        if isinstance(m, torch.nn.modules.conv._ConvNd):
            return m.in_channels
    return None


def inputs(model, name: str, torch) -> list[dict]:
    """Candidate keyword-argument dicts: an image (batch, channels, *spatial) as the first
    parameter of forward, with the other parameters that have a maker; sizes from the built one
    up, then a (batch, channels) vector. A generator's input is its latent."""
    args = _BUILT.get(name, {})
    sig = [p for p in inspect.signature(model.forward).parameters.values()
           if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if not sig:
        return []
    dims = _dims(args)
    # a segmentation map has one channel per label
    c = args.get("label_nc", 2) if sig[0].name == "seg" else _channels(args)
    first = _first_conv_channels(model, torch)
    channels = [c] + ([first] if first and first != c else [])
    g = torch.Generator().manual_seed(0)
    mains = []
    if isinstance(args.get("latent_shape"), (list, tuple)):
        mains.append(torch.randn((BATCH, *args["latent_shape"]), generator=g))
    if isinstance(args.get("num_tokens"), int):  # a sequence model: token ids
        mains.append(torch.randint(0, args["num_tokens"], (BATCH, 8), generator=g))
    for side in _sizes(args):
        mains += [torch.randn((BATCH, ch) + (side,) * dims, generator=g) for ch in channels]
    mains.append(torch.randn(BATCH, c, generator=g))
    out = []
    for image in mains:
        kwargs = {sig[0].name: image}
        for p in sig[1:]:
            v = _make(p.name, image, args, torch, g)
            if v is not None:
                kwargs[p.name] = v
        if name in INPUT_OVERRIDES:
            kwargs = INPUT_OVERRIDES[name][0](image)
        out.append(kwargs)
    return out

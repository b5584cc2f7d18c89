"""Tiny random-init library models for the oracle (no weights, no hub access).

Each entry builds a model from a small config in code (2 layers, hidden 32-64, small vocab), plus
small inputs. `run_oracle.py --models [NAME...]` runs each in eval and in train mode in a fresh
subprocess under torch.compile(backend="eager") and records its graph breaks with library files given
site-packages-relative (`transformers/models/gpt2/modeling_gpt2.py`).
"""
from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

VOCAB = 128
SEQ = 8


def _ids(torch, n=SEQ):
    g = torch.Generator().manual_seed(0)
    return torch.randint(3, VOCAB, (1, n), generator=g)


def gpt2(torch):
    from transformers import GPT2Config, GPT2Model
    cfg = dict(vocab_size=VOCAB, n_positions=64, n_embd=32, n_layer=2, n_head=2)
    m = GPT2Model(GPT2Config(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids)}, cfg


def bert(torch):
    from transformers import BertConfig, BertModel
    cfg = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
               intermediate_size=64, max_position_embeddings=64)
    m = BertModel(BertConfig(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids),
               "token_type_ids": torch.zeros_like(ids)}, cfg


def llama(torch):
    from transformers import LlamaConfig, LlamaModel
    cfg = dict(vocab_size=VOCAB, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
               num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=64)
    m = LlamaModel(LlamaConfig(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids)}, cfg


def qwen2(torch):
    from transformers import Qwen2Config, Qwen2Model
    cfg = dict(vocab_size=VOCAB, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
               num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=64)
    m = Qwen2Model(Qwen2Config(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids)}, cfg


def t5(torch):
    from transformers import T5Config, T5Model
    cfg = dict(vocab_size=VOCAB, d_model=32, d_kv=16, d_ff=64, num_layers=2, num_decoder_layers=2,
               num_heads=2, decoder_start_token_id=0, pad_token_id=0)
    m = T5Model(T5Config(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids),
               "decoder_input_ids": _ids(torch, 4)}, cfg


def bart(torch):
    from transformers import BartConfig, BartModel
    cfg = dict(vocab_size=VOCAB, d_model=32, encoder_layers=2, decoder_layers=2,
               encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64,
               decoder_ffn_dim=64, max_position_embeddings=64)
    m = BartModel(BartConfig(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids),
               "decoder_input_ids": _ids(torch, 4)}, cfg


def vit(torch):
    from transformers import ViTConfig, ViTModel
    cfg = dict(image_size=32, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2,
               num_attention_heads=2, intermediate_size=64)
    m = ViTModel(ViTConfig(**cfg))
    g = torch.Generator().manual_seed(0)
    return m, {"pixel_values": torch.randn(1, 3, 32, 32, generator=g)}, cfg


def unet2d_condition(torch):
    from diffusers import UNet2DConditionModel
    cfg = dict(sample_size=8, in_channels=4, out_channels=4, layers_per_block=1,
               block_out_channels=[32, 64],
               down_block_types=["CrossAttnDownBlock2D", "DownBlock2D"],
               up_block_types=["UpBlock2D", "CrossAttnUpBlock2D"],
               cross_attention_dim=32, attention_head_dim=8, norm_num_groups=32)
    m = UNet2DConditionModel(**cfg)
    g = torch.Generator().manual_seed(0)
    return m, {"sample": torch.randn(1, 4, 8, 8, generator=g), "timestep": torch.tensor(10),
               "encoder_hidden_states": torch.randn(1, 4, 32, generator=g)}, cfg


def autoencoder_kl(torch):
    from diffusers import AutoencoderKL
    cfg = dict(in_channels=3, out_channels=3, latent_channels=4, block_out_channels=[32, 64],
               down_block_types=["DownEncoderBlock2D", "DownEncoderBlock2D"],
               up_block_types=["UpDecoderBlock2D", "UpDecoderBlock2D"],
               layers_per_block=1, norm_num_groups=32, sample_size=32)
    m = AutoencoderKL(**cfg)
    g = torch.Generator().manual_seed(0)
    return m, {"sample": torch.randn(1, 3, 32, 32, generator=g)}, cfg


# --- extra models that DO break under Dynamo 2.13 (the ones above compile to one graph) ---------
def longformer(torch):
    from transformers import LongformerConfig, LongformerModel
    cfg = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
               intermediate_size=64, max_position_embeddings=128, attention_window=4)
    m = LongformerModel(LongformerConfig(**cfg))
    ids = _ids(torch)
    return m, {"input_ids": ids, "attention_mask": torch.ones_like(ids)}, cfg


def bigbird(torch):
    from transformers import BigBirdConfig, BigBirdModel
    cfg = dict(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
               intermediate_size=64, max_position_embeddings=128, attention_type="block_sparse",
               block_size=2, num_random_blocks=1)
    m = BigBirdModel(BigBirdConfig(**cfg))
    return m, {"input_ids": _ids(torch, 32)}, cfg


def switch_transformers(torch):
    from transformers import SwitchTransformersConfig, SwitchTransformersModel
    cfg = dict(vocab_size=VOCAB, d_model=32, d_kv=16, d_ff=64, num_layers=2, num_decoder_layers=2,
               num_heads=2, num_experts=4, decoder_start_token_id=0, pad_token_id=0)
    m = SwitchTransformersModel(SwitchTransformersConfig(**cfg))
    return m, {"input_ids": _ids(torch), "decoder_input_ids": _ids(torch, 4)}, cfg


# name -> (entry "<package>:<class>", builder)
MODELS = {
    "gpt2": ("transformers:GPT2Model", gpt2),
    "bert": ("transformers:BertModel", bert),
    "llama": ("transformers:LlamaModel", llama),
    "t5": ("transformers:T5Model", t5),
    "bart": ("transformers:BartModel", bart),
    "qwen2": ("transformers:Qwen2Model", qwen2),
    "vit": ("transformers:ViTModel", vit),
    "unet2d_condition": ("diffusers:UNet2DConditionModel", unet2d_condition),
    "autoencoder_kl": ("diffusers:AutoencoderKL", autoencoder_kl),
    "longformer": ("transformers:LongformerModel", longformer),
    "bigbird": ("transformers:BigBirdModel", bigbird),
    "switch_transformers": ("transformers:SwitchTransformersModel", switch_transformers),
}

LIBRARIES = ("transformers/", "diffusers/")


def library_versions() -> dict:
    out = {}
    for lib in ("transformers", "diffusers", "accelerate"):
        try:
            mod = __import__(lib)
            out[lib] = mod.__version__
        except ImportError:
            pass
    return out


def build(name: str):
    """(model, kwargs, config) for a model name — also used by capture_logs.py."""
    import torch
    torch.manual_seed(0)
    entry, builder = MODELS[name]
    return builder(torch)


def worker_model(name: str, mode: str) -> dict:
    """Runs in the oracle's subprocess: build, compile (eager backend), call once, summarize."""
    import torch
    from capture import DynamoCapture, PathMapper, TracedLines, exception_info, versions
    from run_oracle import run_callable

    mapper = PathMapper()

    def is_library(path: str) -> bool:
        return mapper.rel(path).startswith(LIBRARIES)

    entry, builder = MODELS[name]
    rec = {"model": name, "entry": entry, **versions(), "libraries": library_versions(),
           "mode": mode, "config": {}}
    capture = DynamoCapture(mapper, user_file_filter=is_library)
    traced = TracedLines(mapper, keep=lambda rel: rel.startswith(LIBRARIES))
    try:
        torch.manual_seed(0)
        model, kwargs, cfg = builder(torch)
        rec["config"] = cfg
        rec["inputs"] = {k: list(v.shape) for k, v in kwargs.items()}
        with traced:
            res = run_callable(model, [kwargs], mode, capture, mapper, user_filter=is_library)
        rec.update(res)
    except BaseException as e:  # noqa: BLE001
        rec["error"] = exception_info(e, mapper, is_library)
        rec["error"]["phase"] = "setup"
    rec.update(capture.summary())
    # The library lines Dynamo traced: a finding on one of them that Dynamo did not break on is
    # a false positive on code Dynamo ran; one elsewhere is on code these inputs never reach.
    rec["traced_lines"] = traced.summary()
    return rec

"""Diffusion training wrapper (pipeline.py) holding a plain-Python scheduler object (scheduler.py) whose
`add_noise` reseeds the global RNG when a seed is configured: the `torch.manual_seed` call in
scheduler.py breaks."""
import torch

from .pipeline import TrainingWrapper


def gbreak_case():
    return TrainingWrapper(seed=0), [(torch.randn(1, 2, 4, 4), 3)]

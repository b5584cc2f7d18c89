"""A compiled training step (trainer.py) that computes a gradient penalty with `torch.autograd.grad` in
losses.py and then calls `loss.backward()` itself: both autograd-engine calls break, each in its own
file."""
import torch

from .trainer import Trainer

GBREAK_MODE = "train"


def gbreak_case():
    return Trainer(), [(torch.randn(4, 3),)]

import torch.nn as nn

from .scheduler import DDPMScheduler
from .unet import Denoiser


class TrainingWrapper(nn.Module):
    def __init__(self, seed=0):
        super().__init__()
        self.unet = Denoiser()
        self.scheduler = DDPMScheduler(seed=seed)

    def forward(self, x0, t):
        xt = self.scheduler.add_noise(x0, t)
        return self.unet(xt)

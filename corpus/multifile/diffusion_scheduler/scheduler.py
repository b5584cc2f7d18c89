import torch


class DDPMScheduler:
    def __init__(self, steps=10, seed=None):
        self.seed = seed
        self.alphas = torch.linspace(0.99, 0.5, steps).cumprod(0)

    def add_noise(self, x, t):
        if self.seed is not None:
            # ruleid: SE011
            torch.manual_seed(self.seed)
        noise = torch.randn_like(x)
        a = self.alphas[t]
        return a.sqrt() * x + (1 - a).sqrt() * noise

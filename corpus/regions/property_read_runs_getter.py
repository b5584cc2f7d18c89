"""Reading a property runs its getter (diffusers' schedulers: `scheduler.init_noise_sigma`), and
Dynamo inlines it like any call: a break in the getter is a break of the model. A property read
through `self.<attribute>` of an object built in `__init__` and one read on `self` both run; a
property nobody reads and a plain method read without a call (a bound method handed on) do not."""
import torch
import torch.nn as nn


class Schedule:
    def __init__(self, steps: int = 8):
        self.sigmas = torch.linspace(0.0, 1.0, steps)
        self.timesteps = torch.tensor([6, 3])

    @property
    def init_sigma(self) -> torch.Tensor:
        # ruleid: CV007
        return self.sigmas[self.timesteps[0]]

    @property
    def last_sigma(self) -> torch.Tensor:
        # ok: CV007
        return self.sigmas[self.timesteps[-1]]

    def first_step(self):
        # ok: SE001
        print("first step")
        return self.timesteps[0]


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.schedule = Schedule()

    @property
    def width(self) -> int:
        # ruleid: SE001
        print("width read")
        return self.proj.in_features

    def forward(self, x):
        step = self.schedule.first_step
        return self.proj(x) * self.schedule.init_sigma + self.width, step


def gbreak_case():
    return Denoiser(), [(torch.randn(2, 4),)]

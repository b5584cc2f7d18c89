import torch.nn as nn

from .mixins import NoOpMixin, ProfilingMixin


class _Body(nn.Module):
    def __init__(self):
        super().__init__()
        self.timings = []
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 4)

    def forward(self, x):
        self.profile("start")
        h = self.fc1(x).relu()
        return self.fc2(h)


class ProfiledBody(ProfilingMixin, _Body):
    pass


class PlainBody(NoOpMixin, _Body):
    pass


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.plain = PlainBody()
        self.profiled = ProfiledBody()

    def forward(self, x):
        return self.profiled(self.plain(x))

import copy

import torch


class Net(torch.nn.Module):
    def __init__(self, config):
        super().__init__()
        self.options = {"scale": config.scale}

    def forward(self, x):
        options = copy.deepcopy(dict(self.options))
        snapshot = copy.deepcopy(x)
        return x * options["scale"] + snapshot

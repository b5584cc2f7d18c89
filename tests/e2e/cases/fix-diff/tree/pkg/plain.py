import torch.nn as nn


class Plain(nn.Module):
    def forward(self, x):
        print(x)  # `torch` is not imported here: no edit
        return x

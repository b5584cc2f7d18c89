import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        x = x * 2
        # Debug output.
        print("hello")
        y = x + 1
        # A Python number from a tensor.
        n = x.sum().item()
        return y * n

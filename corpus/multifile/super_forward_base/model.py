import torch.nn as nn

from super_forward_base.blocks import ConvBlock, MLPBlock


class Net(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.conv_block = ConvBlock(dim)
        self.mlp_block = MLPBlock(dim)

    def forward(self, x):
        return self.mlp_block(self.conv_block(x))

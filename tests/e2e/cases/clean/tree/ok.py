import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        print("init is not compiled")
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        if x.shape[0] > 8:
            x = x[:8]
        return self.proj(x)


def report(x):
    print(x.item())  # not reached from any forward

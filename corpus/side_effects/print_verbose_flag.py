"""`if self.verbose: print(...)`: the flag is a Python bool guarded at trace time. In the quiet
instance the print is dead code (no break); in the verbose instance it runs and breaks."""
import torch
import torch.nn as nn


class Layer(nn.Module):
    def __init__(self, verbose):
        super().__init__()
        self.verbose = verbose
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        x = self.lin(x)
        if self.verbose:
            # ruleid: SE001
            print("layer out", x.shape)
        return x.tanh()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.quiet = Layer(verbose=False)
        self.loud = Layer(verbose=True)

    def forward(self, x):
        return self.loud(self.quiet(x))


def gbreak_case():
    return Net(), [(torch.randn(2, 4),)]

"""Code under `if __name__ == "__main__":` is a script entry point, never part of the compiled model
(the oracle imports the case, so the block does not even run)."""
import torch
import torch.nn as nn


class Scale(nn.Module):
    def forward(self, x):
        return x * 2


def gbreak_case():
    return Scale(), [(torch.ones(3),)]


if __name__ == "__main__":
    m = torch.compile(Scale(), backend="eager")
    # ok: SE001, CV001
    print(m(torch.ones(3)).sum().item())

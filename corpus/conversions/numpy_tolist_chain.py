"""`.numpy().tolist()`: the ndarray is traced as a tensor, and turning a float one into a Python list
breaks (Dynamo reports `Tensor.tolist()` with a non-integer tensor, GB0109)."""
import torch
import torch.nn as nn


class Export(nn.Module):
    def forward(self, x):
        probs = x.softmax(-1)
        # ruleid: CV003
        rows = probs.detach().numpy().tolist()
        return probs, rows


def gbreak_case():
    return Export(), [(torch.ones(2, 3),)]

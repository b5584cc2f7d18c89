"""`assert` on a tensor value with an f-string message that formats a tensor. Dynamo rewrites the
assert into the graph only when the message is a plain constant."""
import torch
import torch.nn as nn


class CheckedNorm(nn.Module):
    def forward(self, x):
        n = x.norm()
        # ruleid: CF002
        assert n > 0, f"zero norm for input of shape {tuple(x.shape)}"
        return x / n


def gbreak_case():
    return CheckedNorm(), [(torch.ones(4),)]

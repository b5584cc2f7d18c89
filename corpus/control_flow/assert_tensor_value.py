"""`assert` on a tensor value: with the default `rewrite_assert_with_torch_assert=True` Dynamo turns it
into `torch._assert` inside the graph, so it does NOT break (with or without a string message)."""
import torch
import torch.nn as nn


class CheckedSoftmax(nn.Module):
    def forward(self, x):
        p = x.softmax(-1)
        # ok: CF002
        assert (p >= 0).all()
        # ok: CF002
        assert p.sum() > 0, "probabilities must not vanish"
        return p.log()


def gbreak_case():
    return CheckedSoftmax(), [(torch.ones(2, 3),)]

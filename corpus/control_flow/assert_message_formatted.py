"""An `assert` on a tensor whose message is built at run time breaks the graph, whether the message
is an f-string, `"..." % (...)` or `"...".format(...)`; with a plain literal message Dynamo turns
the assert into a graph assertion."""
import torch
import torch.nn as nn


class Checked(nn.Module):
    def forward(self, x):
        # ok: CF002
        assert (x > -100).all(), "values out of range"
        # ruleid: CF002
        assert (x > -100).all(), "values out of range in a batch of %d" % x.shape[0]
        # ruleid: CF002
        assert (x < 100).all(), "values out of range in a batch of {}".format(x.shape[0])
        return x * 2


def gbreak_case():
    return Checked(), [(torch.randn(4),)]

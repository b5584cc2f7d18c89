"""A tensor used as a slice bound breaks while Python builds the slice (BUILD_SLICE), where Dynamo
cannot resume: it compiles up to the statement before and runs the rest of the function eagerly
(VITS' `fused_add_tanh_sigmoid_multiply` slices with `num_channels[0]` twice and breaks once). A
helper the eager rest calls is compiled as a frame of its own and keeps its breaks."""
import torch
import torch.nn as nn


def gated(x):
    # ruleid: CF001
    if x.sum() > 0:
        return x + 1
    return x - 1


class Gate(nn.Module):
    def forward(self, x, channels):
        n = channels * 1
        mixed = x * 2
        # ruleid: CV007
        t_act = torch.tanh(mixed[:, : n[0]])
        # ok: CV007
        s_act = torch.sigmoid(mixed[:, n[0] :])
        # ok: CF001
        if s_act.sum() > 0:
            s_act = s_act + 1
        return gated(t_act * s_act)


def gbreak_case():
    return Gate(), [(torch.randn(2, 8), torch.tensor([4]))]

"""`torch.jit.is_scripting()`, `torch.jit.is_tracing()` and `torch.onnx.is_in_onnx_export()` are
constant-folded by Dynamo: the guarded branches are not traced and nothing breaks."""
import torch
import torch.nn as nn


class Head(nn.Module):
    def forward(self, x):
        # ok: CF001
        if torch.jit.is_scripting() or torch.jit.is_tracing():
            return x.softmax(-1)
        # ok: CF001
        if not torch.onnx.is_in_onnx_export():
            x = x - x.amax(-1, keepdim=True)
        return x.exp() / x.exp().sum(-1, keepdim=True)


def gbreak_case():
    return Head(), [(torch.arange(6.0).reshape(2, 3),)]

"""Checks joined with `and` / `or` on tensor values (transformers' I-BERT: `assert
x_max.isnan().sum() == 0 and x_min.isnan().sum() == 0, (...)` in training): each operand is a
Python truth test of a tensor, so Dynamo breaks at the statement (GB0170). gbreak's CF001/CF002
unsafe fix writes one `torch._assert_async` per operand, in order (a failing one raises before the
next is evaluated, as `and` / `or` stop at the first operand that decides)."""
import torch
import torch.nn as nn


class RangeChecked(nn.Module):
    def forward(self, x):
        lo, hi = x.min(), x.max()
        # ruleid: CF002
        assert lo.isnan().sum() == 0 and hi.isnan().sum() == 0, (
            "NaN detected when computing min/max of the activation"
        )
        y = x * 2
        # ruleid: CF001
        if torch.isinf(y).any() or (y.abs() > 1e30).any():
            raise ValueError("activations out of range")
        return y.relu()


def gbreak_case():
    return RangeChecked(), [(torch.ones(2, 3),)]

import torch
import torch.nn as nn


class Checked(nn.Module):
    def forward(self, x, mask):
        n = x.norm()
        assert n > 0, f"zero norm for input of shape {tuple(x.shape)}"  # fixed
        if torch.isnan(x).any():
            raise ValueError("NaN in the input")
        if not mask.any():
            raise ValueError(
                f"empty mask of shape {tuple(mask.shape)}"
            )
        m = x.min()
        assert m >= 0, f"negative minimum {m}"  # formats a tensor: left alone
        if (x > 10).any():  # a comment the edit would drop: left alone
            raise ValueError("too large")
        if (x < -10).any():
            x = x.clamp(min=-10)  # not a raise-only body: left alone
        return x / n

"""Branches that only replace a tensor by an elementwise function of itself, on a 0-d tensor test
(the DETR family's `if not torch.isfinite(h).all(): h = torch.clamp(h, ...)`, in training): Python
control flow on a tensor, so Dynamo breaks at each test (GB0170). Computing the clamped value and
selecting with `torch.where(test, clamped, h)` keeps it in the graph (gbreak's CF001 unsafe fix,
which leaves the Python value `clamp_value` computed on every call)."""
import torch
import torch.nn as nn


class ClampedLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, hidden_states):
        hidden_states = self.proj(hidden_states)
        # ruleid: CF001
        if not torch.isfinite(hidden_states).all():
            clamp_value = torch.finfo(hidden_states.dtype).max - 1000
            hidden_states = torch.clamp(hidden_states, min=-clamp_value, max=clamp_value)
        # ruleid: CF001
        if torch.isnan(hidden_states).any():
            hidden_states = torch.nan_to_num(hidden_states)
        # ruleid: CF001
        if hidden_states.abs().max() > 1e4:
            hidden_states = hidden_states.clamp(-1e4, 1e4)
        return hidden_states.relu()


def gbreak_case():
    return ClampedLayer(), [(torch.ones(2, 4),)]

"""`repeat_interleave` with tensor repeats under `capture_dynamic_output_shape_ops=True`."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class LengthRegulator(nn.Module):
    def forward(self, x, durations):
        # ok: DS003
        return torch.repeat_interleave(x, durations, dim=0)


def gbreak_case():
    return LengthRegulator(), [(torch.ones(3, 2), torch.tensor([1, 2, 3]))]

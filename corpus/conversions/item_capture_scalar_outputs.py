"""With `capture_scalar_outputs=True`, `.item()` is captured as an unbacked symbolic scalar: no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_scalar_outputs": True}


class TemperatureScale(nn.Module):
    def forward(self, logits, temperature):
        # ok: CV001
        t = temperature.item()
        return logits / t


def gbreak_case():
    return TemperatureScale(), [(torch.ones(2, 5), torch.tensor(2.0))]

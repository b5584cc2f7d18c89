"""With `capture_scalar_outputs=True`, `.tolist()` of an integer tensor is captured as unbacked
symbolic ints: no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_scalar_outputs": True}


class Gather(nn.Module):
    def forward(self, x, idx):
        # ok: CV002
        ids = idx.tolist()
        return x * len(ids)


def gbreak_case():
    return Gather(), [(torch.ones(3), torch.tensor([0, 2]))]

"""`torch.bincount` (output length = max value + 1) breaks by default."""
import torch
import torch.nn as nn


class ExpertLoad(nn.Module):
    def forward(self, router_logits):
        chosen = router_logits.argmax(-1)
        # ruleid: DS001
        load = torch.bincount(chosen)
        return load.float() / chosen.numel()


def gbreak_case():
    return ExpertLoad(), [(torch.tensor([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1], [0.2, 0.3, 0.5]]),)]

"""`torch.bincount(..., minlength=n)` with `capture_dynamic_output_shape_ops=True`: traced (the output
length is still data-dependent, but it gets an unbacked size), no break."""
import torch
import torch.nn as nn

GBREAK_DYNAMO_CONFIG = {"capture_dynamic_output_shape_ops": True}


class ExpertLoad(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_experts = 3

    def forward(self, router_logits):
        chosen = router_logits.argmax(-1)
        # ok: DS001
        load = torch.bincount(chosen, minlength=self.num_experts)
        return load


def gbreak_case():
    return ExpertLoad(), [(torch.tensor([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1]]),)]

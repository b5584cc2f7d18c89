"""`disable` applied by assignment (`fn = torch.compiler.disable(fn)`, and `torch._dynamo.disable(fn)`)
rather than as a decorator: the rebound name is disabled, the call site breaks."""
import torch
import torch.nn as nn


def sample_topk(logits, k):
    return logits.topk(k).indices


sample_topk = torch.compiler.disable(sample_topk)


def postprocess(ids):
    return ids.flip(-1)


postprocess_eager = torch._dynamo.disable(postprocess)


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm_head = nn.Linear(4, 10)

    def forward(self, h):
        logits = self.lm_head(h)
        # ruleid: EB002
        ids = sample_topk(logits, 3)
        # ok: EB002
        ids = postprocess(ids)
        # ruleid: EB002
        return postprocess_eager(ids)


def gbreak_case():
    return Sampler(), [(torch.randn(2, 4),)]

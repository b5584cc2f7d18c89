"""Greedy generation loop that stops early once every sequence produced EOS: the
`if (...).all(): break` is data-dependent (a break in a loop, so the frame runs eagerly)."""
import torch
import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 8)
        self.head = nn.Linear(8, 5)
        self.eos_token_id = 4

    def forward(self, input_ids):
        for _ in range(3):
            logits = self.head(self.emb(input_ids[:, -1]))
            next_tok = logits.argmax(-1, keepdim=True)
            input_ids = torch.cat([input_ids, next_tok], dim=1)
            # ruleid: CF001
            if (next_tok == self.eos_token_id).all():
                break
        return input_ids


def gbreak_case():
    torch.manual_seed(0)
    return TinyLM(), [(torch.tensor([[1, 2], [3, 1]]),)]

"""Mixture-of-experts dispatch as written in many MoE layers: `torch.where(expert_mask)` per expert
(inside the expert loop, so the whole frame falls back to eager)."""
import torch
import torch.nn as nn


class SparseMoE(nn.Module):
    def __init__(self):
        super().__init__()
        self.experts = nn.ModuleList(nn.Linear(4, 4) for _ in range(2))
        self.router = nn.Linear(4, 2)

    def forward(self, x):
        choice = self.router(x).argmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            # ruleid: DS002
            (idx,) = torch.where(choice == e)
            out = out.index_add(0, idx, expert(x[idx]))
        return out


def gbreak_case():
    torch.manual_seed(0)
    return SparseMoE(), [(torch.randn(5, 4),)]

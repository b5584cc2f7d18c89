"""Debug print of a tensor's shape in an f-string: the argument is a constant after tracing, but the
`print` builtin itself still breaks the graph."""
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 8)
        self.norm = nn.LayerNorm(8)

    def forward(self, ids):
        h = self.embed(ids)
        # ruleid: SE001
        print(f"embedded: {tuple(h.shape)}")
        return self.norm(h)


def gbreak_case():
    return Encoder(), [(torch.randint(0, 16, (2, 5)),)]

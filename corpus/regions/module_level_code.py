"""Code at module level runs once at import, outside any compiled region: its `.item()`/`.tolist()`
are not graph breaks; the constants it produces are plain Python values inside `forward`."""
import torch
import torch.nn as nn

# ok: CV001
THRESHOLD = torch.tensor(0.25).sqrt().item()
# ok: CV002
BUCKETS = torch.linspace(0, 1, 5).tolist()


class Bucketize(nn.Module):
    def forward(self, x):
        b = torch.bucketize(x, torch.tensor(BUCKETS))
        return b * (x > THRESHOLD)


def gbreak_case():
    return Bucketize(), [(torch.tensor([0.1, 0.6, 0.9]),)]

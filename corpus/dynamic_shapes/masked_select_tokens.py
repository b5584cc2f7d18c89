"""`torch.masked_select` returns a 1-D tensor whose length is the number of True entries: breaks."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLMLoss(nn.Module):
    def forward(self, logits, labels, mask):
        # ruleid: DS001
        picked = torch.masked_select(labels, mask)
        flat = logits[:, 0]
        return F.mse_loss(flat[: picked.shape[0]], picked.float())


def gbreak_case():
    return MaskedLMLoss(), [(torch.ones(4, 3), torch.tensor([1, 2, 3, 4]), torch.tensor([True, False, True, True]))]

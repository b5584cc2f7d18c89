"""Debug code behind a module-level `DEBUG = False`: Dynamo guards on the global and does not trace
the branch."""
import torch
import torch.nn as nn

DEBUG = False


class Attn(nn.Module):
    def forward(self, q, k):
        scores = (q @ k.transpose(-1, -2)).softmax(-1)
        if DEBUG:
            # ok: CF001
            if torch.isnan(scores).any():
                # ok: SE001, CV002
                print("nan scores", scores.tolist())
        return scores


def gbreak_case():
    return Attn(), [(torch.ones(1, 2, 4), torch.ones(1, 2, 4))]

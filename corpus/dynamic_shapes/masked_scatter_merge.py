"""The same merge written with `masked_scatter` (as newer HF code does): static shapes, no break."""
import torch
import torch.nn as nn


class MergeImageTokens(nn.Module):
    def __init__(self):
        super().__init__()
        self.image_token_id = 9
        self.embed = nn.Embedding(10, 4)

    def forward(self, input_ids, image_features):
        inputs_embeds = self.embed(input_ids)
        image_mask = (input_ids == self.image_token_id).unsqueeze(-1).expand_as(inputs_embeds)
        # ok: DS005
        return inputs_embeds.masked_scatter(image_mask, image_features)


def gbreak_case():
    ids = torch.tensor([[1, 9, 9, 2], [9, 3, 4, 5]])
    return MergeImageTokens(), [(ids, torch.ones(3, 4))]

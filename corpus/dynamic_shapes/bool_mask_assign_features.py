"""LLaVA-style merge: write image features into the token embeddings at the image-token positions,
`inputs_embeds[image_mask] = image_features`. The value tensor has one row per True entry, yet
Dynamo 2.13 traces this boolean-mask write (index_put) without a break: only mask *reads* break."""
import torch
import torch.nn as nn


class MergeImageTokens(nn.Module):
    def __init__(self):
        super().__init__()
        self.image_token_id = 9
        self.embed = nn.Embedding(10, 4)

    def forward(self, input_ids, image_features):
        inputs_embeds = self.embed(input_ids)
        image_mask = input_ids == self.image_token_id
        # ok: DS005
        inputs_embeds[image_mask] = image_features
        return inputs_embeds


def gbreak_case():
    ids = torch.tensor([[1, 9, 9, 2], [9, 3, 4, 5]])
    return MergeImageTokens(), [(ids, torch.ones(3, 4))]

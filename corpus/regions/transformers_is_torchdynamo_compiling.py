"""Transformers' `is_torchdynamo_compiling()` helper (copied here, as it is defined in
`transformers.utils.import_utils`): Dynamo inlines it down to `torch.compiler.is_compiling()` and
folds the guarded branch away."""
import torch
import torch.nn as nn


def is_torchdynamo_compiling():
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        try:
            import torch._dynamo as dynamo

            return dynamo.is_compiling()
        except Exception:
            return False


class CausalMask(nn.Module):
    def forward(self, attention_mask, hidden):
        if not is_torchdynamo_compiling():
            # ok: CF001
            if (attention_mask == 1).all():
                return hidden
        mask = (1.0 - attention_mask[:, None, :, None].float()) * -1e4
        return hidden + mask[:, 0]


def gbreak_case():
    mask = torch.tensor([[1, 1, 0]])
    return CausalMask(), [(mask, torch.ones(1, 3, 2))]

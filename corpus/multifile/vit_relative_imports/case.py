"""A ViT in models/vit/modeling_vit.py importing `PatchEmbed` with a relative import
(`from ...layers.patch import PatchEmbed`) and `ScaleNorm` with an absolute one. The inputs are 12x12
while the model was built for 8x8, so PatchEmbed's size check (a guarded shape test) takes the
`warnings.warn` branch: the break is in layers/patch.py. The debug log in layers/norm.py is behind
`is_compiling()` and never breaks."""
import torch

from .models.vit.modeling_vit import ViT


def gbreak_case():
    return ViT(img=8), [(torch.randn(2, 3, 12, 12),)]

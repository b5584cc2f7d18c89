"""Sizes taken from the rows of a grid tensor (`for chunk, (t, h, w) in zip(chunks, grid_thw)`,
vision encoders that split patches per image) and from a reduction (`mask.max() + 1`): Python
iterates `zip`'s arguments in step, so `t, h, w` are 0-d tensors, and a tensor handed to `view`,
`repeat` or `F.interpolate(size=...)` is read as a Python int. The look-alikes take the same
sizes from a list of int tuples and from shapes."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchMerger(nn.Module):
    def forward(self, hidden: torch.Tensor, grid_thw: torch.Tensor, sizes: list[tuple[int, int]]):
        chunks = hidden.split([4, 4], dim=0)
        out = []
        for chunk, (t, h, w) in zip(chunks, grid_thw):
            # ruleid: CV008
            out.append(chunk.view(t, h, w))
        for i, (h, w) in enumerate(sizes):
            # ok: CV008
            out.append(chunks[i].view(1, h, w))
        return out


class Upsampler(nn.Module):
    def forward(self, image: torch.Tensor, grid_hw: torch.Tensor):
        # ok: CV008
        same = F.interpolate(image, size=(image.shape[-2], image.shape[-1]))
        return [
            # ruleid: CV008
            F.interpolate(image, size=(h, w))
            for h, w in zip(grid_hw[:, 0], grid_hw[:, 1])
        ] + [same]


class Predictor(nn.Module):
    def __init__(self):
        super().__init__()
        self.token = nn.Parameter(torch.zeros(1, 1, 4))

    def forward(self, x: torch.Tensor, target_mask: torch.Tensor):
        # ok: CV008
        target = self.token.repeat(x.shape[0], 2, 1)
        max_patch_num = target_mask.max() + 1
        # ruleid: CV008
        return target.repeat(1, max_patch_num, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.merger = PatchMerger()
        self.upsampler = Upsampler()
        self.predictor = Predictor()

    def forward(self, hidden, grid_thw, image, grid_hw, target_mask):
        merged = self.merger(hidden, grid_thw, [(2, 2), (2, 2)])
        scaled = self.upsampler(image, grid_hw)
        return merged, scaled, self.predictor(hidden, target_mask)


def gbreak_case():
    hidden = torch.randn(8, 1)
    grid_thw = torch.tensor([[1, 2, 2], [1, 2, 2]])
    image = torch.randn(1, 1, 4, 4)
    grid_hw = torch.tensor([[2, 2], [3, 3]])
    target_mask = torch.tensor([1, 2])
    return Model(), [(hidden, grid_thw, image, grid_hw, target_mask)]

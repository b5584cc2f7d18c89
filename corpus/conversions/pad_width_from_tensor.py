"""`F.pad` reads its pad widths as Python ints: a width computed from tensor buffers (EnCodec and
Mimi keep their stride and kernel size as buffers) breaks the graph, written in the call or handed
in through a padding helper; widths from shapes do not."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PaddedConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.stride = nn.Buffer(torch.tensor(2), persistent=False)
        self.kernel_size = nn.Buffer(torch.tensor(3), persistent=False)
        self.conv = nn.Conv1d(4, 4, 3, 2)

    def _extra_padding(self, hidden_states):
        length = hidden_states.shape[-1]
        n_frames = torch.ceil((length - self.kernel_size) / self.stride).to(torch.int64)
        return n_frames * self.stride + self.kernel_size - length

    @staticmethod
    def _pad1d(hidden_states, paddings, mode="constant"):
        # ruleid: CV008
        return F.pad(hidden_states, paddings, mode)

    def forward(self, x):
        # ok: CV008
        x = F.pad(x, (0, x.shape[-1] % 3))
        # ruleid: CV008
        y = F.pad(x, (0, self._extra_padding(x)))
        return self.conv(self._pad1d(y, (1, self._extra_padding(y))))


def gbreak_case():
    return PaddedConv(), [(torch.randn(1, 4, 17),)]

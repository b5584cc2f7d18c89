"""An `nn.Buffer` object assigned to a module attribute in forward: `nn.Module.__setattr__`
registers it with `register_buffer(name, value, value.persistent)`, and Dynamo cannot read
`persistent` off the traced tensor (GB4841 on torch 2.13/2.14, a data-dependent branch on 2.11).
`.to()` to the buffer's own device and dtype hands the Buffer object back (CTRL's
`pos_encoding`); a converting `.to()`, `.detach()`, and buffers made with `register_buffer` (plain
tensors) assign plain tensors and trace."""
import torch
import torch.nn as nn


class Moved(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = nn.Buffer(torch.ones(4), persistent=False)

    def forward(self, x):
        # ruleid: MU005
        self.pos = self.pos.to(device=x.device, dtype=x.dtype)
        return x + self.pos


class Rebuilt(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("state", torch.zeros(4))

    def forward(self, x):
        # todoruleid: MU005 (a Buffer built in the region: see the rule's rationale)
        self.state = nn.Buffer(x * 2)
        return x + self.state


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.ones(4))
        self.mean = nn.Buffer(torch.zeros(4))

    def forward(self, x):
        # ok: MU005
        self.scale = self.scale.to(x.device)
        # ok: MU005
        self.mean = self.mean.detach()
        if self.mean.dtype != x.dtype:
            # ok: MU005 (a converting .to() makes a new, plain tensor)
            self.mean = self.mean.to(x.dtype)
        return (x - self.mean) * self.scale


class Converted(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = nn.Buffer(torch.ones(4, dtype=torch.float64))

    def forward(self, x):
        if self.table.dtype != x.dtype:
            # ok: MU005
            self.table = self.table.to(x.dtype)
        return x + self.table


class ShapeTested(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = nn.Buffer(torch.ones(4))

    def forward(self, x):
        if self.pos.shape != (5,):
            # ruleid: MU005 (a test on its shape says nothing of a conversion)
            self.pos = self.pos.to(x.device)
        return x + self.pos


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.moved = Moved()
        self.rebuilt = Rebuilt()
        self.plain = Plain()
        self.converted = Converted()
        self.shape_tested = ShapeTested()

    def forward(self, x):
        return self.shape_tested(self.converted(self.plain(self.rebuilt(self.moved(x)))))


def gbreak_case():
    return Model(), [(torch.randn(4),)]

"""A break inside a loop: Dynamo cannot resume inside the loop (the bytecode jumps back to before
the break before the function next returns; torch/_dynamo/symbolic_convert.py,
maybe_has_backedge), so it skips the whole frame and runs it eagerly. Nothing after the break in
that function is traced: the `.tolist()` and the tensor `if` after the loop never break
(InLoop). A helper called there is a frame of its own and still breaks (`helper`). A loop that
only follows the break jumps back to its own start, after the break: Dynamo resumes and the
later breaks happen (LoopAfter). So does a `return` inside the loop after the break, which ends
Dynamo's look-ahead (ReturnInLoop)."""
import torch
import torch.nn as nn


def helper(x):
    # ruleid: CV002
    return x + len(x.tolist())


class InLoop(nn.Module):
    def forward(self, x):
        for _ in range(2):
            # ruleid: CF001
            if x.sum() > 0:
                x = x - 1
        # ok: CV002
        n = len(x.tolist())
        # ok: CF001
        if x.sum() > 0:
            x = x + n
        return helper(x)


class LoopAfter(nn.Module):
    def forward(self, x):
        # ruleid: CV001
        scale = x.sum().item()
        for _ in range(2):
            x = x * 0.5
        # ruleid: CV002
        n = len(x.tolist())
        # ruleid: CF001
        if x.sum() > 0:
            x = x + n
        return x * scale


class ReturnInLoop(nn.Module):
    def forward(self, x):
        for _ in range(2):
            # ruleid: CV001
            scale = x.sum().item()
            if scale > 1000:
                return x
            x = x * 0.5
        # ruleid: CV002
        return x + len(x.tolist())


class AllThree(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_loop = InLoop()
        self.loop_after = LoopAfter()
        self.return_in_loop = ReturnInLoop()

    def forward(self, x):
        return self.in_loop(x) + self.loop_after(x) + self.return_in_loop(x)


def gbreak_case():
    torch.manual_seed(0)
    return AllThree(), [(torch.ones(2, 4),)]

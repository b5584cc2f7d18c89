"""After a break in a loop Dynamo runs the whole function eagerly: the comprehensions in it run
eagerly too (Dynamo compiles no comprehension's frame on its own; from Python 3.12 they are part
of the function's), while a lambda the eager function calls is a frame Dynamo compiles."""
import torch


@torch.compile(backend="eager")
def positives(x, xs):
    for _ in range(2):
        # ruleid: CF001
        if x.sum() > 0:
            x = x + 1
    # ok: DS004
    per_item = [t[t > 0] for t in xs]
    # ok: DS004
    as_tuple = tuple(t[t > 0] for t in xs)
    # ruleid: DS004
    keep = lambda t: t[t > 0]  # noqa: E731
    return per_item, as_tuple, keep(x)


def gbreak_case():
    return positives, [(torch.ones(3), [torch.tensor([1.0, -1.0])])]

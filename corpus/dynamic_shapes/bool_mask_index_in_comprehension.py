"""Boolean-mask reads anywhere an expression is read break, not only in a statement of their
own: in a list comprehension's body (ViLT's `[idx[idx[:, 0] == u] for u in rows]`), as an
element of a list, and in a conditional expression."""
import torch


@torch.compile(backend="eager")
def rows_of(idx, rows, x, flag: bool):
    # ruleid: DS004
    per_row = [idx[idx[:, 0] == u] for u in rows]
    # ruleid: DS004
    both = [x[x > 0], x]
    # ruleid: DS004
    picked = x[x < 0] if flag else x
    return per_row, both, picked


def gbreak_case():
    idx = torch.tensor([[0, 1], [0, 2], [1, 0]])
    return rows_of, [(idx, [0, 1], torch.tensor([1.0, -2.0, 3.0]), True)]

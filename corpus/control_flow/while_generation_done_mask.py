"""Sampling loop that runs until every sequence is done: `while not done.all()` tests a tensor."""
import torch


@torch.compile(backend="eager")
def decode(logits_per_step, eos_id):
    done = torch.zeros(logits_per_step.shape[1], dtype=torch.bool)
    out = []
    step = 0
    # ruleid: CF001
    while not done.all() and step < logits_per_step.shape[0]:
        tok = logits_per_step[step].argmax(-1)
        out.append(tok)
        done = done | (tok == eos_id)
        step += 1
    return torch.stack(out)


def gbreak_case():
    logits = torch.zeros(4, 2, 3)
    logits[:, :, 1] = 1.0
    logits[2, :, 2] = 5.0
    return decode, [(logits, 2)]

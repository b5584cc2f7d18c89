"""`torch.cuda.manual_seed_all` (works without CUDA) and `torch.get_rng_state()` are marked as skipped
by Dynamo; both break."""
import torch


@torch.compile(backend="eager")
def noisy(x):
    # ruleid: SE011
    torch.cuda.manual_seed_all(0)
    # ruleid: SE011
    state = torch.get_rng_state()
    return x + torch.randn_like(x)


def gbreak_case():
    return noisy, [(torch.zeros(3),)]

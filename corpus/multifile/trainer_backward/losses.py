import torch


def gradient_penalty(critic, real):
    x = real.detach() * 1.0
    with torch.enable_grad():
        score = critic(x).sum()
        # ruleid: UO003
        (g,) = torch.autograd.grad(score, [critic.weight], create_graph=True)
    return (g.norm() - 1) ** 2

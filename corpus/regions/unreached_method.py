"""Methods that `forward` never calls (metrics, debugging, `extra_repr`) are not compiled: their
`.item()`/`.tolist()`/`print` are irrelevant to `torch.compile(model)`."""
import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        return self.fc(x)

    def compute_metrics(self, logits, labels):
        # ok: CV001
        acc = (logits.argmax(-1) == labels).float().mean().item()
        # ok: CV002
        return {"accuracy": acc, "pred": logits.argmax(-1).tolist()}

    def debug_print(self, x):
        # ok: SE001, CV001
        print("norm", x.norm().item())

    def extra_repr(self):
        # ok: CV001
        return f"weight_norm={self.fc.weight.norm().item():.2f}"


def gbreak_case():
    torch.manual_seed(0)
    return Classifier(), [(torch.ones(2, 4),)]

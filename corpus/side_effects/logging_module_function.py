"""The module-level function `logging.info(...)` (root logger) instead of a logger instance: Dynamo
traces into `logging.info` and breaks on the root logger's method inside it; for user code the
break is the `logging.info` call."""
import logging

import torch


@torch.compile(backend="eager")
def normalize(x):
    x = x - x.mean()
    # ruleid: SE002
    logging.info("normalized")
    return x / (x.std() + 1e-6)


def gbreak_case():
    return normalize, [(torch.randn(10),)]

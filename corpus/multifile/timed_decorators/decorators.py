import functools
import time

import torch


def timed(fn):
    """Profiling wrapper around forward: the clock reads are C builtins Dynamo skips."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        # ruleid: SE007
        start = time.perf_counter()
        out = fn(self, *args, **kwargs)
        # ruleid: SE007
        self.last_duration = time.perf_counter() - start
        return out

    return wrapper


def can_return_tuple(fn):
    """transformers-style wrapper: pops `return_dict` and converts the output; traceable."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        return_dict = kwargs.pop("return_dict", True)
        out = fn(self, *args, **kwargs)
        return out if return_dict else (out["logits"],)

    return wrapper

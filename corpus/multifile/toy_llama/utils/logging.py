"""transformers.utils.logging in miniature: `get_logger` returns a std Logger on which
`warning_once` (an lru_cached function) has been patched."""
import functools
import logging


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = warning_once


def get_logger(name):
    return logging.getLogger(name)

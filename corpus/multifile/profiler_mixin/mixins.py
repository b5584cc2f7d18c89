import inspect
import time


class ProfilingMixin:
    """Adds a `profile` helper that records wall time and the caller's name."""

    def profile(self, tag):
        # ruleid: SE007
        now = time.monotonic()
        # ruleid: SE006
        caller = inspect.stack()[1].function
        self.timings.append((tag, caller, now))


class NoOpMixin:
    def profile(self, tag):
        return None

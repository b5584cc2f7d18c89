class StepCounterMixin:
    """Counts forward calls in a Python int attribute (a warm-up schedule)."""

    warmup_steps = 4

    def _advance(self):
        # ruleid: RC001
        self.num_steps += 1
        return min(1.0, self.num_steps / self.warmup_steps)

"""The library lines a plain (eager, uncompiled) call executes, recorded with sys.settrace.

The real-model judge needs to tell two kinds of "finding where Dynamo did not break" apart: one
on a statement the call really executed (gbreak is wrong about that code) and one on a statement
the call never reached (a break for other inputs or configs, or dead code for this run). Dynamo's
own traced lines (capture.TracedLines) stop at the first break of a frame, so they cannot say it;
an eager run of the same call, from the same state, can.
"""
from __future__ import annotations

import sys


class ExecutedLines:
    """Context manager: every (file, line) executed in files whose path contains one of `roots`
    (e.g. "/site-packages/transformers/"). Only frames of those files get a line tracer, so the
    cost stays small outside them."""

    def __init__(self, roots: tuple[str, ...]):
        self.roots = roots
        self.lines: dict[str, set[int]] = {}
        self._wanted: dict[str, bool] = {}

    def _keep(self, filename: str) -> bool:
        hit = self._wanted.get(filename)
        if hit is None:
            hit = any(r in filename for r in self.roots)
            self._wanted[filename] = hit
        return hit

    def _global(self, frame, event, arg):
        if event != "call" or not self._keep(frame.f_code.co_filename):
            return None
        seen = self.lines.setdefault(frame.f_code.co_filename, set())
        seen.add(frame.f_lineno)

        def local(frame, event, arg):
            if event == "line":
                seen.add(frame.f_lineno)
            return local

        return local

    def __enter__(self):
        self._saved = sys.gettrace()
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc):
        sys.settrace(self._saved)
        return False

"""A package that replaces itself in sys.modules, as lazy packages do: importing it (or `from .
import name` in one of its modules) hands out a _LazyModule object, not a plain module."""
import sys
import types

__version__ = "1.0"


class _LazyModule(types.ModuleType):
    pass


_module = _LazyModule(__name__)
_module.__dict__.update({k: v for k, v in globals().items() if k != "_module"})
sys.modules[__name__] = _module

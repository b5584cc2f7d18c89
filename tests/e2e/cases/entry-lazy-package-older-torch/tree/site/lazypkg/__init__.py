import sys
import types

__version__ = "1.0"


class _LazyModule(types.ModuleType):
    """Stands in for the package and imports its submodules on first use."""


sys.modules[__name__] = _LazyModule(__name__)

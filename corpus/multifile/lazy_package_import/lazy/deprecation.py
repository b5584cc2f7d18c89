def describe(name):
    # ok: UO005
    from . import __version__

    return f"{name} (since {__version__})"

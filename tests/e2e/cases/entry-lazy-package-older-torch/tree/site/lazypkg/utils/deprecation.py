def deprecate(message):
    from .. import __version__

    return f"{message} (since {__version__})"

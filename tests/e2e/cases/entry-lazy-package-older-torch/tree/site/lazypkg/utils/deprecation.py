def deprecate(message):
    from .. import __version__

    # Dynamo cannot resume after the import's break: this runs eagerly, no second break.
    print(f"{message} (since {__version__})")

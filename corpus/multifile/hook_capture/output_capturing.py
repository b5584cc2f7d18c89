"""Lazily installed output-capturing hooks, in the spirit of transformers' `capture_outputs`."""

_COLLECTED = []


def _hook(module, inputs, output):
    _COLLECTED.append(output)


def maybe_install_capturing_hooks(model, module_types):
    if getattr(model, "_capture_hooks_installed", False):
        return
    for m in model.modules():
        if isinstance(m, module_types):
            # ruleid: MU004
            m.register_forward_hook(_hook)
    model._capture_hooks_installed = True

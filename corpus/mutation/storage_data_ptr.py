"""`x.untyped_storage().data_ptr()` (a common way to key caches by storage) breaks: Dynamo cannot trace
`data_ptr` on the storage object."""
import torch


@torch.compile(backend="eager")
def storage_key(x):
    # ruleid: MU003
    key = x.untyped_storage().data_ptr()
    return x + 1


def gbreak_case():
    return storage_key, [(torch.randn(3),)]

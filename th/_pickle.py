"""Pickling tensors and storages by value (copy.deepcopy too): a storage
pickles as its bytes, a tensor as its storage plus its geometry, so views
pickled together still share one storage after loading. (th.multiprocessing
sends shared-memory storages as descriptors instead.)"""
import th


def _bytes_of(storage):
    """storage, as a buffer of its bytes (bfloat16 has no buffer format:
    its memory is read as uint16)."""
    if storage.dtype is th.bfloat16:
        from th._interop import reinterpret_storage
        storage = reinterpret_storage(storage, th.uint16)
    return memoryview(storage).cast("B")


def rebuild_storage(dtype_name, size, data):
    storage = th.Storage(size, dtype=getattr(th, dtype_name))
    if size:
        _bytes_of(storage)[:] = data
    return storage


def reduce_storage(storage):
    data = _bytes_of(storage).tobytes() if len(storage) else b""
    return rebuild_storage, (storage.dtype.name, len(storage), data)


def rebuild_tensor(storage, offset, size, stride):
    return th.empty(0, dtype=storage.dtype).set_(storage, offset, size, stride)


def reduce_tensor(tensor):
    return rebuild_tensor, (tensor.storage(), tensor.storage_offset(), tensor.shape,
                            tensor.stride())

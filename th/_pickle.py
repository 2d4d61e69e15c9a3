"""Pickling tensors and storages by value (copy.deepcopy too): a storage
pickles as its bytes, a tensor as its storage plus its geometry, so views
pickled together still share one storage after loading. With protocol 5 a
storage hands its memory over as a PickleBuffer: a buffer_callback (Ray,
Dask, multiprocessing's shared-memory transports) can then move it out of
band without a copy, and loading keeps the buffer it is given instead of
copying it (see storage_from_buffer): a buffer given read-only (an object
store's) loads as a read-only tensor. (th.multiprocessing sends
shared-memory storages as descriptors instead.)"""
import pickle

import th
from th._interop import storage_bytes, storage_from_buffer


def rebuild_storage(dtype_name, size, data):
    return storage_from_buffer(data, getattr(th, dtype_name), size)


def reduce_storage(storage, protocol=4):  # copyreg reducers, told no protocol: bytes
    if protocol >= 5:
        data = pickle.PickleBuffer(storage_bytes(storage))
    else:
        data = storage_bytes(storage).tobytes() if len(storage) else b""
    return rebuild_storage, (storage.dtype.name, len(storage), data)


def rebuild_tensor(storage, offset, size, stride):
    return th.empty(0, dtype=storage.dtype).set_(storage, offset, size, stride)


def reduce_tensor(tensor):
    return rebuild_tensor, (tensor.storage(), tensor.storage_offset(), tensor.shape,
                            tensor.stride())

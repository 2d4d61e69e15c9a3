"""multiprocessing for th, in the manner of torch.multiprocessing.

Everything of the standard multiprocessing module, plus reducers registered
with its ForkingPickler: a tensor or storage in shared memory (see
Tensor.share_memory_) or in a file mapped shared (Storage.from_file(...,
shared=True)) crosses to another process as a descriptor of that memory,
not as a copy, so a child that writes into it is seen by the parent.
Other tensors are copied. The shared memory has no name left in /dev/shm:
the kernel frees it when the last process that maps it lets go.

    import th
    import th.multiprocessing as mp

    t = th.zeros(1000).share_memory_()
    p = mp.get_context("spawn").Process(target=fill, args=(t,))
"""
import multiprocessing
from multiprocessing import *  # noqa: F401,F403 - this module stands in for it
from multiprocessing.reduction import DupFd, ForkingPickler

import th
from th import _pickle, _sharing

__all__ = multiprocessing.__all__


def _rebuild_shared_storage(dup, dtype_name, size):
    return _sharing.storage_from_fd(dup.detach(), size, dtype_name)


def _reduce_storage(storage):
    fd = _sharing.shared_fd(storage)
    if fd < 0 or not len(storage):  # not a shared mapping (or nothing in it): by value
        return _pickle.reduce_storage(storage)
    return _rebuild_shared_storage, (DupFd(fd), storage.dtype.name, len(storage))


def _reduce_tensor(tensor):
    storage = tensor.storage()
    if _sharing.shared_fd(storage) < 0 or not len(storage):  # by value: what it reaches
        return _pickle.reduce_tensor(tensor)
    return _pickle.rebuild_tensor, (storage, tensor.storage_offset(), tensor.shape,
                                    tensor.stride())


ForkingPickler.register(th.Storage, _reduce_storage)
ForkingPickler.register(th.Tensor, _reduce_tensor)

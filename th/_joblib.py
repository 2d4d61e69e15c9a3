"""th through joblib's loky workers: large tensors travel as memory maps and
shared tensors stay shared.

joblib memory-maps large numpy arrays for its workers: its memmapping
executor gives loky's pickler a reducer for numpy.ndarray that writes an
array larger than Parallel's max_nbytes to a file in its temporary folder
once, ships the file's name, has the worker map it with mmap_mode, and
deletes the file when the Parallel call ends; smaller arrays are pickled by
value, and results coming back follow its backward rules (by value). Those
reducers are made for each executor, and only for numpy. So a th tensor is
reduced here to a numpy array over the same memory (no copy) and rebuilt
with th.from_numpy in the worker: every joblib rule for numpy (max_nbytes,
mmap_mode, the temporary folder and its cleanup, the backward reducers)
applies to tensors unchanged, and a worker's tensor over a memory map opened
'r' is read-only, as numpy's memmap is.

A tensor in shared memory (share_memory_) or in a file mapped shared
(Storage.from_file(..., shared=True)) crosses as a descriptor of that memory
instead, with th.multiprocessing's storage reducer: loky pickles tasks in a
feeder thread, not while spawning, so multiprocessing's DupFd hands the
descriptor over with its resource_sharer (a dup sent over a Unix socket with
SCM_RIGHTS when the worker asks; loky workers inherit the parent's authkey).
Opening /proc/<pid>/fd/<n> in the worker instead would race with the parent
freeing the storage and is refused under Yama's ptrace_scope.

The reducers go into loky's global dispatch table (loky's own `register`),
which every loky pickler copies. joblib offers no lazy hook (no entry point
for reducers; job_reducers are built inside its executor, for numpy only), so
`import th` (which imports this module) registers them at once when joblib's
loky is loaded, else right after loky's reduction module is first imported
(th/_after_import.py). th never imports joblib or numpy itself.
"""
from __future__ import annotations

import sys
import weakref
from types import ModuleType
from typing import Any, Callable, Optional

import th
from th import _pickle, _sharing
from th._after_import import after_import

_LOKY_REDUCTION = "joblib.externals.loky.backend.reduction"

# dtypes numpy lacks travel as their bits and are viewed back in the worker
_BITS = {"bfloat16": "uint16"}


def _rebuild_from_numpy(array: Any, dtype_name: Optional[str]) -> th.Tensor:
    tensor = th.from_numpy(array)  # shares (a memmap opened 'r' gives a read-only tensor)
    return tensor if dtype_name is None else tensor.view(getattr(th, dtype_name))


class _Address:
    """numpy's owner of an array at a raw address: it holds no reference to
    the storage there, so that a tensor once sent keeps its storage to itself
    (th refuses to resize a storage that a buffer export still holds)."""

    def __init__(self, interface: dict) -> None:
        self.__array_interface__ = interface


class _NumpyViews:
    """One numpy view per live tensor, so that joblib, which names its files
    after the array object, writes a tensor passed to many tasks once (as it
    does a numpy array). A view is read only while the tensor is being
    pickled (the task holds the tensor, hence its memory), and is given out
    again only while the tensor's storage has the same address and size: then
    it is still that storage's memory. The entry goes when the tensor does."""

    def __init__(self) -> None:
        self._views: dict[int, tuple[weakref.ref, tuple, Any]] = {}

    def get(self, tensor: th.Tensor, numpy: ModuleType) -> Any:
        storage = tensor.storage()
        geometry = (storage.data_ptr(), len(storage), storage.is_readonly(), tensor.dtype,
                    tensor.storage_offset(), tuple(tensor.shape), tensor.stride())
        key = id(tensor)
        entry = self._views.get(key)
        if entry is not None and entry[0]() is tensor and entry[1] == geometry:
            return entry[2]
        view = self._view(tensor, storage, numpy)
        views = self._views

        def forget(_: weakref.ref) -> None:
            views.pop(key, None)

        views[key] = (weakref.ref(tensor, forget), geometry, view)
        return view

    @staticmethod
    def _view(tensor: th.Tensor, storage: th.Storage, numpy: ModuleType) -> Any:
        name = tensor.dtype.name
        dtype = numpy.dtype(_BITS.get(name, name))  # th's dtype names are numpy's
        return numpy.asarray(_Address({
            "version": 3, "typestr": dtype.str, "shape": tuple(tensor.shape),
            "strides": tuple(s * dtype.itemsize for s in tensor.stride()),
            "data": (tensor.data_ptr(), storage.is_readonly())}))


_numpy_views = _NumpyViews()


def _reduce_tensor(tensor: th.Tensor) -> tuple[Callable, tuple]:
    storage = tensor.storage()
    if len(storage) and _sharing.shared_fd(storage) >= 0:
        # the storage goes as a descriptor (_reduce_storage, registered below)
        return _pickle.rebuild_tensor, (storage, tensor.storage_offset(), tensor.shape,
                                        tensor.stride())
    try:
        import numpy  # joblib has imported it when it is installed
    except ImportError:  # joblib maps nothing without numpy: by value
        return _pickle.reduce_tensor(tensor)
    if not tensor.numel():  # no memory to point at
        return _pickle.reduce_tensor(tensor)
    name = tensor.dtype.name
    return _rebuild_from_numpy, (_numpy_views.get(tensor, numpy),
                                 name if name in _BITS else None)


def _reduce_storage(storage: th.Storage) -> tuple[Callable, tuple]:
    if len(storage) and _sharing.shared_fd(storage) >= 0:
        from th.multiprocessing import _reduce_storage as reduce_shared
        return reduce_shared(storage)
    # loky pickles with protocol 5: the bytes go in band without a copy first
    return _pickle.reduce_storage(storage, protocol=5)


def _register(reduction: ModuleType) -> None:
    reduction.register(th.Tensor, _reduce_tensor)
    reduction.register(th.Storage, _reduce_storage)


def _install() -> None:
    """Register now if joblib's loky is loaded, else when it is."""
    after_import(_LOKY_REDUCTION, lambda: _register(sys.modules[_LOKY_REDUCTION]))


_install()  # on `import th` (th/__init__.py imports this module)

"""th through Dask: dask's sizeof, distributed's serialization and dask.array's
dispatch for th.Tensor and th.Storage. Nothing here is public: importing this
module (`import th` does) registers th with dask.sizeof when dask is imported
(at once if it is already), with distributed's serializers when
distributed.protocol is, and with dask.array's dispatch when
dask.array.backends is (th/_after_import.py): th never imports dask or numpy
itself, and dask's users pay nothing for th being installed.

A tensor crosses the scheduler as one frame over the bytes it reaches (its
memory, not a copy, when those bytes are all it covers: contiguous, permuted
or broadcast; a copy of its elements when a strided view would otherwise
ship the gaps between them) and a header with its geometry; the receiver
adopts the frame's memory without copying when it is aligned to the elements
(storage_from_buffer; distributed's TCP comm reads a message into one buffer,
so a frame lands wherever the header before it ends, often misaligned: then
it is copied once, where numpy uses unaligned memory). The loaded tensor is
writable when the sent one was (as numpy's and torch's serializers do), so a
read-only frame (a decompressed one) is copied, and a read-only tensor loads
read-only.
"""
from __future__ import annotations

import sys
from typing import Any

import th
from th._after_import import after_import
from th._interop import storage_bytes, storage_from_buffer
from th._pickle import last_reached

_registered = False


def _reach(t: th.Tensor) -> tuple[int, int]:
    """The first storage element t reaches and how many its reach spans."""
    start = t.storage_offset()
    return start, last_reached(start, t.shape, t.stride()) - start if t.numel() else 0


def _sent(t: th.Tensor) -> tuple[th.Tensor, int, int]:
    """The tensor to send (t itself, or a contiguous copy when t's reach
    is larger than its elements: a strided view would ship the gaps) with
    its reach."""
    low, span = _reach(t)
    if span > t.numel():
        t = t.contiguous()
        low, span = t.storage_offset(), t.numel()
    return t, low, span


def _sent_nbytes(t: th.Tensor) -> int:
    """The bytes _serialize_tensor sends for t (without copying it)."""
    _, span = _reach(t)
    return min(span, t.numel()) * t.element_size()


def _serialize_tensor(t: th.Tensor) -> tuple[dict[str, Any], list[memoryview]]:
    t, low, span = _sent(t)
    esz = t.element_size()
    frame = storage_bytes(t.storage())[low * esz:(low + span) * esz]  # a view, no copy
    header = {"dtype": t.dtype.name, "shape": tuple(t.shape), "strides": tuple(t.stride()),
              "offset": t.storage_offset() - low, "size": span, "readonly": t.is_readonly()}
    return header, [frame]


def _storage_from_frame(frame: Any, dtype: th.dtype, size: int, readonly: bool) -> th.Storage:
    """A storage over the frame's memory (no copy when it is aligned), read-only
    when the sent one was; writable when the sent one was, so a frame given
    read-only is copied (as numpy's serializer does)."""
    view = memoryview(frame)
    if readonly:
        view = view.toreadonly()  # a read-only storage over the same memory
    elif view.readonly:
        storage = th.empty(size, dtype=dtype).storage()
        if size:
            storage_bytes(storage)[:] = view.cast("B")
        return storage
    return storage_from_buffer(view, dtype, size)


def _deserialize_tensor(header: dict[str, Any], frames: list[Any]) -> th.Tensor:
    (frame,) = frames
    dtype = getattr(th, header["dtype"])
    storage = _storage_from_frame(frame, dtype, header["size"], header["readonly"])
    return th.empty(0, dtype=dtype).set_(storage, header["offset"], tuple(header["shape"]),
                                         tuple(header["strides"]))


def _serialize_storage(s: th.Storage) -> tuple[dict[str, Any], list[memoryview]]:
    header = {"dtype": s.dtype.name, "size": len(s), "readonly": s.is_readonly()}
    return header, [storage_bytes(s)]


def _deserialize_storage(header: dict[str, Any], frames: list[Any]) -> th.Storage:
    (frame,) = frames
    return _storage_from_frame(frame, getattr(th, header["dtype"]), header["size"],
                               header["readonly"])


def _sizeof_tensor(t: th.Tensor) -> int:
    # the bytes the serializer sends: what dask's memory accounting and
    # transfer estimates should count (not a whole storage under a small view)
    return _sent_nbytes(t) + sys.getsizeof(t)


def _sizeof_storage(s: th.Storage) -> int:
    return len(s) * s.element_size() + sys.getsizeof(s)


def _register_distributed() -> None:
    from distributed.protocol.serialize import dask_deserialize, dask_serialize
    dask_serialize.register(th.Tensor, _serialize_tensor)
    dask_deserialize.register(th.Tensor, _deserialize_tensor)
    dask_serialize.register(th.Storage, _serialize_storage)
    dask_deserialize.register(th.Storage, _deserialize_storage)


def _as_dtype(result: th.Tensor, dtype: Any) -> th.Tensor:
    """result in dtype: th's or numpy's spelling of it ('f8': dask passes numpy's)."""
    if dtype is None:
        return result
    if isinstance(dtype, str) and not hasattr(th, dtype):
        import numpy  # (dask.array has imported it)
        dtype = numpy.dtype(dtype)
    return result.to(dtype=dtype)


def _concatenate(arrays: Any, axis: int = 0) -> th.Tensor:
    return th.cat(list(arrays), dim=axis)


def _tensordot(a: th.Tensor, b: th.Tensor, axes: Any = 2) -> th.Tensor:
    return th.tensordot(a, b, dims=axes)


def _einsum(subscripts: str, *operands: th.Tensor, dtype: Any = None, **kwargs: Any) -> th.Tensor:
    result = th.einsum(subscripts, *operands)
    return _as_dtype(result, dtype)


def _divide(a: Any, b: Any, dtype: Any = None) -> th.Tensor:
    # mean's total / count: the count is numpy's (dask's numel), the result th's
    result = th.div(th.asarray(a), th.asarray(b))
    return _as_dtype(result, dtype)


def _register_dask_array() -> None:
    from dask.array.dispatch import (concatenate_lookup, divide_lookup, einsum_lookup,
                                     tensordot_lookup)
    concatenate_lookup.register(th.Tensor, _concatenate)
    divide_lookup.register(th.Tensor, _divide)
    tensordot_lookup.register(th.Tensor, _tensordot)
    einsum_lookup.register(th.Tensor, _einsum)


def register() -> None:
    """Registers th with dask (idempotent): sizeof now, distributed's
    serializers and dask.array's dispatch when those are imported."""
    global _registered
    if _registered:
        return
    _registered = True
    from dask.sizeof import sizeof
    sizeof.register(th.Tensor, _sizeof_tensor)
    sizeof.register(th.Storage, _sizeof_storage)
    # the modules whose import defines the dispatch objects (and registers numpy's)
    after_import("distributed.protocol", _register_distributed)
    after_import("dask.array.backends", _register_dask_array)


after_import("dask.sizeof", register)  # on `import th` (th/__init__.py imports this module)

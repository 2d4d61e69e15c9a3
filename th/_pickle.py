"""Pickling tensors and storages by value (copy.deepcopy too).

A tensor ships the bytes it reaches, not its whole storage: the span of the
storage from its first element to its last, or, when that span is mostly
gaps (a column of a matrix), only its elements. A storage pickled itself
ships all of its bytes.

Tensors and storages over one C storage pickled together still load over
one storage: each of them names the storage's token, which pickle's memo
makes one object in the stream; loading turns the token into a builder that
gathers what each one shipped into one storage covering all the spans
(zeros between spans that nothing reached). A loaded tensor's offset counts
from the first element that any of them reached, so a view pickled alone
loads as a tensor over just its own elements.

With protocol 5 the bytes go as PickleBuffers: a buffer_callback (Ray,
Dask, multiprocessing's shared-memory transports) can move them out of band
without a copy, and loading adopts the first buffer it is given instead of
copying it (see storage_from_buffer): a buffer given read-only (an object
store's) loads as a read-only tensor. (th.multiprocessing sends
shared-memory storages as descriptors instead.)"""
import pickle
import threading
import weakref

import th
from th._interop import storage_bytes, storage_from_buffer

# the live token of each C storage (by address): tensors over one storage
# pickled together must name the same object for pickle's memo to join them
_tokens = weakref.WeakValueDictionary()
_tokens_lock = threading.Lock()  # threads pickling views of one storage at once


class _StorageToken:
    """One C storage in a pickle stream; loads as a _Builder."""
    __slots__ = ("storage", "__weakref__")

    def __init__(self, storage):
        self.storage = storage  # pins it: its address is not reused while the token lives

    def __reduce__(self):
        return _Builder, (self.storage.dtype.name,)


def _token(storage):
    with _tokens_lock:
        token = _tokens.get(storage._cdata)
        if token is None:
            token = _tokens[storage._cdata] = _StorageToken(storage)
        return token


def last_reached(offset, size, stride):
    """The index one past the last element a geometry reaches (size: no 0s)."""
    return offset + sum((n - 1) * s for n, s in zip(size, stride)) + 1


def _distinct(size, stride):
    """size with the broadcast (stride 0) dims cut to 1, if what remains
    reaches each element once; None if it overlaps itself."""
    extent = 1
    for s, n in sorted((s, n) for n, s in zip(size, stride) if s and n > 1):
        if s < extent:
            return None
        extent += (n - 1) * s
    return tuple(n if s else 1 for n, s in zip(size, stride))


def _data(storage, start, stop, protocol):
    """Elements [start, stop) of storage's memory, for a pickle stream."""
    esz = storage.element_size()
    view = storage_bytes(storage)[start * esz:stop * esz]
    return pickle.PickleBuffer(view) if protocol >= 5 else view.tobytes()


def reduce_storage(storage, protocol=4):  # copyreg reducers, told no protocol: bytes
    return rebuild_storage_from, (_token(storage), _data(storage, 0, len(storage), protocol))


def reduce_tensor(tensor, protocol=4):
    storage = tensor.storage()
    offset, size, stride = tensor.storage_offset(), tuple(tensor.shape), tensor.stride()
    n = tensor.numel()
    if n == 0:
        return rebuild_tensor_part, (_token(storage), offset, size, stride, None, False)
    stop = last_reached(offset, size, stride)
    distinct = _distinct(size, stride) if 2 * n < stop - offset else None
    if distinct is None:  # dense enough: its span, as it lies in memory
        return rebuild_tensor_part, (_token(storage), offset, size, stride,
                                     _data(storage, offset, stop, protocol), False)
    elements = tensor.as_strided(distinct, stride).contiguous()  # mostly gaps: its elements
    start = elements.storage_offset()
    data = _data(elements.storage(), start, start + elements.numel(), protocol)
    return rebuild_tensor_part, (_token(storage), offset, size, stride, data, True)


def _elements(buffer, dtype):
    """buffer's bytes as elements of dtype: a storage kept as given (bytes
    copied, see storage_from_buffer; ValueError unless whole elements)."""
    return storage_from_buffer(buffer, dtype, memoryview(buffer).nbytes // dtype.itemsize)


def _over(buffer, dtype):
    """A 1-dim tensor over a loaded buffer's elements, to copy from."""
    try:
        return th.frombuffer(buffer, dtype=dtype)
    except ValueError:  # misaligned (or not whole elements: _elements says so)
        return th.empty(0, dtype=dtype).set_(_elements(buffer, dtype))


class _Builder:
    """Loading: gathers what the tensors and storages pickled over one C
    storage shipped into one storage that covers it all, and re-points the
    tensors already loaded when it has to grow. Indices are the pickled
    storage's; this storage's element 0 is index base."""

    def __init__(self, dtype_name):
        self.dtype = getattr(th, dtype_name)
        self.storage = None
        self.base = 0
        self.filled = []  # sorted, disjoint [start, stop) holding shipped bytes
        self.loaded = []  # (weakref to a loaded tensor, its offset, size, stride)

    def _view(self, offset, size, stride):
        return th.empty(0, dtype=self.dtype).set_(self.storage, offset - self.base, size, stride)

    def _is_filled(self, start, stop):
        return any(a <= start and stop <= b for a, b in self.filled)

    def _fill(self, start, stop):
        spans = sorted(self.filled + [(start, stop)])
        self.filled = spans[:1]
        for a, b in spans[1:]:
            if a <= self.filled[-1][1]:
                self.filled[-1] = (self.filled[-1][0], max(b, self.filled[-1][1]))
            else:
                self.filled.append((a, b))

    def _replace(self, storage, base):
        """storage becomes the one, its element 0 index base: the tensors
        loaded so far are re-pointed at it (an empty one at 0)."""
        self.storage, self.base = storage, base
        for ref, offset, size, stride in self.loaded:
            tensor = ref()
            if tensor is not None:
                tensor.set_(storage, 0 if offset is None else offset - base, size, stride)

    def _is_empty(self):
        return self.storage is None or not len(self.storage)

    def _cover(self, start, stop):
        """Grows the storage (zeros) to reach [start, stop)."""
        if self._is_empty():
            self._replace(th.zeros(stop - start, dtype=self.dtype).storage(), start)
            return
        end = self.base + len(self.storage)
        if self.base <= start and stop <= end:
            return
        lo, hi = min(start, self.base), max(stop, end)
        grown = th.zeros(hi - lo, dtype=self.dtype)
        grown[self.base - lo:end - lo] = self._view(self.base, (end - self.base,), (1,))
        self._replace(grown.storage(), lo)

    def add_span(self, start, buffer):
        """Elements start.. of the pickled storage, shipped as they lie."""
        if self._is_empty():  # the first: kept as given, not copied
            storage = _elements(buffer, self.dtype)
            if len(storage):
                self._replace(storage, start)
                self._fill(start, start + len(storage))
            elif self.storage is None:
                self._replace(storage, 0)
            return
        data = _over(buffer, self.dtype)
        stop = start + data.numel()
        if stop == start or self._is_filled(start, stop):
            return
        self._cover(start, stop)
        self._view(start, (stop - start,), (1,)).copy_(data)
        self._fill(start, stop)

    def add_elements(self, offset, size, stride, buffer):
        """A tensor's elements, shipped without the gaps between them."""
        stop = last_reached(offset, size, stride)
        if self._is_filled(offset, stop):
            return
        self._cover(offset, stop)
        distinct = _distinct(size, stride)
        self._view(offset, distinct, stride).copy_(_over(buffer, self.dtype).view(distinct))

    def get_storage(self):
        if self.storage is None:
            self.storage = th.empty(0, dtype=self.dtype).storage()
        return self.storage


def rebuild_storage_from(builder, buffer):
    if isinstance(builder, _StorageToken):  # copy.copy: a copy of its bytes, as before
        return _elements(buffer, builder.storage.dtype)
    builder.add_span(0, buffer)
    return builder.get_storage()


def rebuild_tensor_part(builder, offset, size, stride, buffer, elements):
    if isinstance(builder, _StorageToken):  # copy.copy: a tensor over the same storage
        return rebuild_tensor(builder.storage, offset, size, stride)
    if buffer is None:  # no elements: nothing to place
        tensor = th.empty(0, dtype=builder.dtype).set_(builder.get_storage(), 0, size, stride)
        builder.loaded.append((weakref.ref(tensor), None, size, stride))
        return tensor
    if elements:
        builder.add_elements(offset, size, stride, buffer)
    else:
        builder.add_span(offset, buffer)
    tensor = builder._view(offset, size, stride)
    builder.loaded.append((weakref.ref(tensor), offset, size, stride))
    return tensor


# Pickles made before tensors shipped only what they reach: a storage's
# bytes, a tensor as its storage and geometry (th.multiprocessing still
# sends a shared storage's tensors so).
def rebuild_storage(dtype_name, size, data):
    return storage_from_buffer(data, getattr(th, dtype_name), size)


def rebuild_tensor(storage, offset, size, stride):
    return th.empty(0, dtype=storage.dtype).set_(storage, offset, size, stride)

"""Zero-copy exchange through the buffer protocol: th.from_numpy, th.asarray.

A tensor over another object's memory gets a storage whose allocator context
is a Py_buffer export of that object: the export keeps the owner alive (and,
for numpy, unresizable) exactly as long as the storage lives, and the
storage's free releases it, taking the GIL, whichever side dies first."""
import sys

from cpython.buffer cimport (PyBUF_FORMAT, PyBUF_RECORDS, PyBUF_RECORDS_RO, PyBuffer_Release,
                             PyObject_CheckBuffer, PyObject_GetBuffer)
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uintptr_t
from libc.string cimport memcpy

cimport th._errors
from th._dtype cimport as_scalar_type, dtype_of
from th._tensor cimport Tensor, copy_tensor, wrap_tensor
from th.libTH cimport *


cdef void *_cannot_grow(void *ctx, ptrdiff_t size) noexcept nogil:
    return NULL  # a borrowed buffer cannot be resized


cdef void _release_export(void *ctx, void *data) noexcept with gil:
    cdef Py_buffer *view = <Py_buffer *>ctx
    PyBuffer_Release(view)  # drops the reference to the owner
    PyMem_Free(view)


cdef THAllocator _export_allocator
_export_allocator.malloc = _cannot_grow
_export_allocator.realloc = NULL
_export_allocator.free = _release_export


cdef int _scalar_type_of(const char *fmt, Py_ssize_t itemsize, bint *swapped) except -1:
    """The th dtype of a struct-module format (*swapped set when its bytes
    are in the other order), or TypeError."""
    cdef char order = fmt[0]
    cdef const char *code = fmt
    cdef char native = b"<"[0] if sys.byteorder == "little" else b">"[0]
    swapped[0] = order in b"<>!" and order != native and itemsize > 1
    if order in b"@=<>!":
        code = fmt + 1
    if code[0] == 0 or code[1] != 0:
        raise TypeError(f"buffer format {fmt.decode()!r} has no th dtype")
    c = chr(code[0])
    if c == "?" and itemsize == 1:
        return TH_BOOL
    if c == "e" and itemsize == 2:
        return TH_FLOAT16
    if c == "f" and itemsize == 4:
        return TH_FLOAT32
    if c == "d" and itemsize == 8:
        return TH_FLOAT64
    if c == "B" and itemsize == 1:
        return TH_UINT8
    if c in "bhilqn":
        if itemsize == 1:
            return TH_INT8
        if itemsize == 2:
            return TH_INT16
        if itemsize == 4:
            return TH_INT32
        if itemsize == 8:
            return TH_INT64
    raise TypeError(f"buffer format {fmt.decode()!r} ({itemsize} bytes) has no th dtype "
                    f"(th has uint8, int8, int16, int32, int64, float16, float32, float64, bool)")


cdef Tensor _view_export(object obj, str who):
    """A tensor over obj's memory (writable, native, aligned, non-negative
    strides), or ValueError / TypeError saying why it cannot be one."""
    cdef Py_buffer *view = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int64_t strides[TH_MAX_DIMS]
    cdef int64_t extent = 1, numel = 1
    cdef THStorage *storage
    cdef THScalarType t
    cdef int d
    cdef bint swapped
    if view == NULL:
        raise MemoryError(f"{who}: no memory for a buffer export")
    try:
        PyObject_GetBuffer(obj, view, PyBUF_RECORDS)  # writable, strided, with format
    except BufferError as e:
        PyMem_Free(view)
        raise ValueError(f"{who}: cannot view a read-only buffer (th tensors are writable): "
                         f"{e}; copy it instead") from None
    except BaseException:
        PyMem_Free(view)
        raise
    try:
        t = <THScalarType>_scalar_type_of(view.format, view.itemsize, &swapped)
        if swapped:
            raise ValueError(f"{who}: byte-swapped data (format {view.format.decode()!r}) "
                             f"cannot be viewed; copy it instead (th.asarray does)")
        if view.ndim > TH_MAX_DIMS:
            raise ValueError(f"{who}: {view.ndim} dimensions; th supports at most {TH_MAX_DIMS}")
        if <uintptr_t>view.buf % <uintptr_t>view.itemsize:
            raise ValueError(f"{who}: the data is not aligned to its {view.itemsize}-byte "
                             f"elements; copy it instead")
        for d in range(view.ndim):
            sizes[d] = view.shape[d]
            numel *= sizes[d]
            if view.strides == NULL:
                continue
            if view.strides[d] < 0:
                raise ValueError(f"{who}: negative strides ({view.strides[d]} bytes in dim {d}) "
                                 f"cannot be viewed by th; copy the array first "
                                 f"(e.g. numpy.ascontiguousarray)")
            if view.strides[d] % view.itemsize:
                raise ValueError(f"{who}: stride {view.strides[d]} in dim {d} is not a multiple "
                                 f"of the {view.itemsize}-byte element size")
            strides[d] = view.strides[d] // view.itemsize
            extent += (sizes[d] - 1) * strides[d] if sizes[d] else 0
    except BaseException:
        PyBuffer_Release(view)
        PyMem_Free(view)
        raise
    if numel == 0 or view.buf == NULL:
        extent = 0
    elif view.strides == NULL:
        extent = numel
    if view.buf == NULL:  # nothing to keep: an ordinary empty storage
        PyBuffer_Release(view)
        PyMem_Free(view)
        storage = THStorage_new(t)
    else:  # the storage takes the export, also if this fails
        storage = THStorage_newWithDataAndAllocator(t, view.buf, extent, &_export_allocator, view)
    THStorage_clearFlag(storage, TH_STORAGE_RESIZABLE)
    return wrap_tensor(THTensor_newWithStorageNdMove(
        storage, 0, view.ndim, sizes, NULL if view.strides == NULL else strides))


def from_numpy(a):
    """A tensor over a numpy array's memory (no copy): writes through either
    are seen by the other, and the tensor keeps the array alive. The array
    must be writable, in native byte order, aligned, with non-negative
    strides and a dtype th has (ValueError / TypeError otherwise: use
    th.asarray to copy when sharing is impossible)."""
    numpy = sys.modules.get("numpy")
    if numpy is None or not isinstance(a, numpy.ndarray):
        raise TypeError(f"from_numpy: expected a numpy.ndarray, got {type(a).__name__}")
    return _view_export(a, "from_numpy")


cdef Tensor _copy_of_buffer(object obj):
    """A new contiguous tensor holding a copy of any buffer's elements."""
    cdef Py_buffer view
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int d
    cdef Tensor out
    cdef bint swapped
    PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO)
    try:
        t = <THScalarType>_scalar_type_of(view.format, view.itemsize, &swapped)
        if view.ndim > TH_MAX_DIMS:
            raise ValueError(f"asarray: {view.ndim} dimensions; th supports at most {TH_MAX_DIMS}")
        for d in range(view.ndim):
            sizes[d] = view.shape[d]
        out = wrap_tensor(THTensor_newWithSize(t, view.ndim, sizes, NULL))
    finally:
        PyBuffer_Release(&view)
    data = memoryview(obj).tobytes()  # C order, whatever the strides
    cdef int64_t nbytes = THTensor_nElement(out.cdata) * <int64_t>THTensor_elementSize(out.cdata)
    if len(data) != nbytes:  # the object changed between the two exports
        raise ValueError(f"asarray: the buffer has {len(data)} bytes, {nbytes} expected")
    if nbytes:
        memcpy(THTensor_data(out.cdata), <const char *>data, nbytes)
    if swapped:
        _swap_bytes(<char *>THTensor_data(out.cdata), nbytes, THTensor_elementSize(out.cdata))
    return out


cdef void _swap_bytes(char *p, int64_t nbytes, size_t itemsize) noexcept:
    """Reverses the bytes of each itemsize-byte element (to native order)."""
    cdef int64_t e
    cdef size_t k
    cdef char c
    for e in range(0, nbytes, itemsize):
        for k in range(itemsize // 2):
            c = p[e + k]
            p[e + k] = p[e + itemsize - 1 - k]
            p[e + itemsize - 1 - k] = c


cdef Tensor _convert(Tensor t, object dtype, object copy):
    cdef THScalarType want = <THScalarType>as_scalar_type(dtype, THTensor_dtype(t.cdata))
    if want == THTensor_dtype(t.cdata):
        return t.clone() if copy else t
    if copy is False:
        raise ValueError(f"asarray: converting {t.dtype!r} to {dtype_of(want)!r} needs a copy, "
                         f"but copy=False")
    cdef Tensor out = wrap_tensor(THTensor_newWithSize(want, THTensor_nDimension(t.cdata),
                                                       THTensor_sizes(t.cdata), NULL))
    copy_tensor(out.cdata, t.cdata)
    return out


def asarray(obj, dtype=None, copy=None):
    """obj as a tensor, sharing its memory when possible (torch.asarray):
    a th.Tensor as it is; anything with the buffer protocol (numpy arrays,
    memoryviews, bytearray, array.array) or __dlpack__ (torch) as a view of
    its memory; other data (nested lists, numbers) copied. copy=True always
    copies; copy=False raises ValueError when a copy would be needed; a dtype
    other than the data's converts (a copy)."""
    if isinstance(obj, Tensor):
        return _convert(<Tensor>obj, dtype, copy)
    if PyObject_CheckBuffer(obj):
        try:
            t = _view_export(obj, "asarray")
        except ValueError:
            if copy is False:
                raise
            return _convert(_copy_of_buffer(obj), dtype, None)
        return _convert(t, dtype, copy)
    if hasattr(obj, "__dlpack__"):
        from th._dlpack import from_dlpack
        return _convert(from_dlpack(obj), dtype, copy)
    if copy is False:
        raise ValueError(f"asarray: a {type(obj).__name__} has no memory to share; copy=False "
                         f"cannot be honoured")
    from th._factories import tensor
    return tensor(obj, dtype=dtype)

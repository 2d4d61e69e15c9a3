"""Zero-copy exchange through the buffer protocol: th.from_numpy, th.asarray.

A tensor over another object's memory gets a storage whose allocator context
is a Py_buffer export of that object: the export keeps the owner alive (and,
for numpy, unresizable) exactly as long as the storage lives, and the
storage's free releases it, taking the GIL, whichever side dies first."""
import importlib
import sys

from cpython.buffer cimport (PyBUF_FORMAT, PyBUF_RECORDS_RO, PyBUF_SIMPLE, PyBUF_WRITABLE,
                             PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer)
from cpython.exc cimport PyErr_Clear, PyErr_ExceptionMatches
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport INT64_MAX, int64_t, uintptr_t
from libc.string cimport memcpy

cimport th._errors
from th._args cimport as_int64
from th._dtype cimport as_scalar_type, dtype_of
from th._factory_args cimport check_factory_args
from th._tensor cimport Tensor, copy_tensor, wrap_tensor
from th._storage cimport Storage, wrap_storage
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


_FORMATS = {("?", 1): TH_BOOL, ("e", 2): TH_FLOAT16, ("f", 4): TH_FLOAT32, ("d", 8): TH_FLOAT64,
            ("Zf", 8): TH_COMPLEX64, ("Zd", 16): TH_COMPLEX128,
            ("i", 1): TH_INT8, ("i", 2): TH_INT16, ("i", 4): TH_INT32, ("i", 8): TH_INT64,
            ("u", 1): TH_UINT8, ("u", 2): TH_UINT16, ("u", 4): TH_UINT32, ("u", 8): TH_UINT64}

# the byte-order character of this machine's native order
cdef char _NATIVE = b"<"[0] if sys.byteorder == "little" else b">"[0]


cdef int _int_of_size(Py_ssize_t itemsize, bint signed) noexcept:
    """The th integer dtype of itemsize bytes (-1: none)."""
    if itemsize == 1:
        return TH_INT8 if signed else TH_UINT8
    if itemsize == 2:
        return TH_INT16 if signed else TH_UINT16
    if itemsize == 4:
        return TH_INT32 if signed else TH_UINT32
    if itemsize == 8:
        return TH_INT64 if signed else TH_UINT64
    return -1


cdef int _scalar_type_of(const char *fmt, Py_ssize_t itemsize, bint *swapped) except -1:
    """The th dtype of a struct-module format (*swapped set when its bytes
    are in the other order), or TypeError. Read in C: this is on every
    from_numpy's path, and Python strings and a dict cost more than the
    rest of the call."""
    cdef char order = fmt[0]
    cdef const char *code = fmt
    cdef int t = -1
    swapped[0] = False
    if order == b"@"[0] or order == b"="[0]:
        code = fmt + 1
    elif order == b"<"[0] or order == b">"[0] or order == b"!"[0]:  # '!': big-endian
        code = fmt + 1
        if order == b"!"[0]:
            order = b">"[0]
        swapped[0] = order != _NATIVE and itemsize > 1
    if code[0] == 0 or (code[1] != 0 and (code[0] != b"Z"[0] or code[2] != 0)):
        pass  # none of th's: _format_error says so
    elif code[0] == b"Z"[0]:
        if code[1] == b"f"[0] and itemsize == 8:
            t = TH_COMPLEX64
        elif code[1] == b"d"[0] and itemsize == 16:
            t = TH_COMPLEX128
    elif code[0] == b"?"[0]:
        t = TH_BOOL if itemsize == 1 else -1
    elif code[0] == b"e"[0]:
        t = TH_FLOAT16 if itemsize == 2 else -1
    elif code[0] == b"f"[0]:
        t = TH_FLOAT32 if itemsize == 4 else -1
    elif code[0] == b"d"[0]:
        t = TH_FLOAT64 if itemsize == 8 else -1
    elif code[0] in b"bhilqn":  # the integer codes by size: their sizes vary ("l")
        t = _int_of_size(itemsize, True)
    elif code[0] in b"BHILQN":
        t = _int_of_size(itemsize, False)
    if t >= 0:
        return t
    return _format_error(fmt, itemsize)


cdef int _format_error(const char *fmt, Py_ssize_t itemsize) except -1:
    """The TypeError for a format th has no dtype for (_scalar_type_of's
    table in Python, the one place of its messages)."""
    cdef bytes f = fmt
    c = (f[1:] if f and f[0] in b"@=<>!" else f).decode()
    if not c or (len(c) > 1 and not c.startswith("Z")):
        raise TypeError(f"buffer format {fmt.decode()!r} has no th dtype")
    key = ("u" if c in "BHILQN" else "i" if c in "bhilqn" else c, itemsize)
    if key in _FORMATS:
        return _FORMATS[key]
    raise TypeError(f"buffer format {fmt.decode()!r} ({itemsize} bytes) has no th dtype "
                    f"(th has bool, int8-64, uint8-64, float16, bfloat16, float32, float64, "
                    f"complex64, complex128)")


cdef extern from "Python.h":
    # without Cython's exception check: _export_writable tests the failure itself
    int _get_buffer "PyObject_GetBuffer"(object obj, Py_buffer *view, int flags)


cdef int _export_writable(object obj, Py_buffer *view, int flags) except -1:
    """Exports obj's memory writable into view (returns 1), or 0 when obj
    refuses a writable export as read-only memory does (a BufferError, or
    numpy's ValueError, cleared); raises any other error."""
    if _get_buffer(obj, view, flags | PyBUF_WRITABLE) == 0:
        return 1
    if not PyErr_ExceptionMatches(BufferError) and not PyErr_ExceptionMatches(ValueError):
        return -1  # the error set, as it is
    PyErr_Clear()
    return 0


cdef int _export(object obj, Py_buffer *view, int flags) except -1:
    """Exports obj's memory into view (flags: the request, less
    PyBUF_WRITABLE): writable when obj allows it (returns 0), else read-only
    (returns 1); raises what the read-only request raises."""
    if _export_writable(obj, view, flags):
        return 0
    PyObject_GetBuffer(obj, view, flags)
    return 1


cdef Tensor _view_export(object obj, str who, int override=-1):
    """A tensor over obj's memory (native, aligned, non-negative strides),
    or ValueError / TypeError saying why it cannot be one. Memory obj
    exports only read-only (bytes, a non-writeable array, a read-only mmap)
    gives a read-only tensor (TH_STORAGE_READONLY): shared, never written.
    override: the th dtype of the elements, when their format is another of
    the same size (an ml_dtypes bfloat16 array, viewed as uint16)."""
    cdef Py_buffer *view = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
    cdef bint readonly
    if view == NULL:
        raise MemoryError(f"{who}: no memory for a buffer export")
    try:  # strided, with format; read-only memory is viewed all the same, flagged so
        readonly = _export(obj, view, PyBUF_RECORDS_RO)
    except BaseException:
        PyMem_Free(view)
        raise
    return _view_of(view, readonly, who, override)


cdef Tensor _view_of(Py_buffer *view, bint readonly, str who, int override):
    """_view_export's tensor over an export (view, PyMem_Malloc'ed), which it
    takes: kept by the tensor's storage, or released when this raises."""
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int64_t strides[TH_MAX_DIMS]
    cdef int64_t extent = 1, numel = 1
    cdef THStorage *storage
    cdef THScalarType t
    cdef int d
    cdef bint swapped
    try:
        t = <THScalarType>_scalar_type_of(view.format, view.itemsize, &swapped)
        if swapped:
            raise ValueError(f"{who}: byte-swapped data (format {view.format.decode()!r}) "
                             f"cannot be viewed; copy it instead (th.asarray does)")
        if override >= 0:
            t = <THScalarType>override
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
    cdef int ndim = view.ndim  # (view is freed below when there is no data)
    cdef bint strided = view.strides != NULL
    if view.buf == NULL:  # nothing to keep: an ordinary empty storage
        PyBuffer_Release(view)
        PyMem_Free(view)
        storage = THStorage_new(t)
    else:  # the storage takes the export, also if this fails
        storage = THStorage_newWithDataAndAllocator(t, view.buf, extent, &_export_allocator, view)
    THStorage_clearFlag(storage, TH_STORAGE_RESIZABLE)
    if readonly:
        THStorage_setFlag(storage, TH_STORAGE_READONLY)
    return wrap_tensor(THTensor_newWithStorageNdMove(
        storage, 0, ndim, sizes, strides if strided else NULL))


def storage_from_buffer(obj, dtype, size):
    """A storage of size elements of dtype over obj's bytes (pickle's buffers,
    out-of-band with protocol 5): obj's own memory when it exports it
    contiguous and aligned to the elements (the storage then keeps the
    export, hence obj, until it dies; memory exported only read-only, as an
    object store's, gives a read-only storage), else a copy. Bytes (an
    in-band pickle's buffer, which pickle made for this load alone) are
    copied: a loaded tensor is writable as its pickled one was. ValueError
    unless obj holds exactly size elements' bytes."""
    size = as_int64(size, "storage_from_buffer(): size")
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
    cdef int64_t esz = THScalarType_elementSize(t)
    if size < 0 or size > INT64_MAX // esz:
        raise ValueError(f"storage_from_buffer: invalid size {size}")
    cdef int64_t nbytes = size * esz
    cdef Py_buffer *view = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
    cdef THStorage *storage
    cdef bint readonly = False
    if view == NULL:
        raise MemoryError("storage_from_buffer: no memory for a buffer export")
    try:
        if isinstance(obj, bytes):  # an in-band pickle's: copied (see above)
            raise BufferError
        readonly = _export(obj, view, PyBUF_SIMPLE)  # contiguous bytes
    except (BufferError, ValueError):  # strided (or bytes): copied
        PyMem_Free(view)
        view = NULL
    except BaseException:
        PyMem_Free(view)
        raise
    if view != NULL and (view.len != nbytes or size == 0 or <uintptr_t>view.buf % esz):
        PyBuffer_Release(view)  # the checks and the copy below say what is wrong
        PyMem_Free(view)
        view = NULL
    if view != NULL:  # the storage takes the export, also if this fails
        storage = THStorage_newWithDataAndAllocator(t, view.buf, size, &_export_allocator, view)
        THStorage_clearFlag(storage, TH_STORAGE_RESIZABLE)
        if readonly:
            THStorage_setFlag(storage, TH_STORAGE_READONLY)
        return wrap_storage(storage)
    data = memoryview(obj)
    if data.nbytes != nbytes:
        raise ValueError(f"storage_from_buffer: the buffer has {data.nbytes} bytes; {size} "
                         f"elements of {dtype_of(t)!r} need {nbytes}")
    out = wrap_storage(THStorage_newWithSize(t, size))
    if nbytes:
        storage_bytes(out)[:] = data.cast("B") if data.c_contiguous else data.tobytes()
    return out


def storage_bytes(Storage s not None):
    """s's memory as a memoryview of bytes, writable unless s is read-only
    (bfloat16 has no buffer format: its memory is read as uint16)."""
    if THStorage_dtype(s.cdata) == TH_BFLOAT16:
        s = reinterpret_storage(s, dtype_of(TH_UINT16))
    return memoryview(s).cast("B")


# numpy.ndarray, once from_numpy has seen numpy imported (th imports without
# numpy; an instance of the type means numpy is imported)
cdef type _ndarray = None


def from_numpy(a):
    """A tensor over a numpy array's memory (no copy): writes through either
    are seen by the other, and the tensor keeps the array alive. A
    non-writeable array is shared too, as a read-only tensor
    (Tensor.is_readonly: every write refuses it; torch shares with a
    warning, th enforces instead). The array must be in native byte order,
    aligned, with non-negative strides and a dtype th has (ValueError /
    TypeError otherwise: use th.asarray to copy when sharing is impossible).

    >>> import numpy as np
    >>> a = np.arange(3.0)
    >>> t = th.from_numpy(a)
    >>> a[0] = 7
    >>> t
    tensor([7., 1., 2.], dtype=th.float64)
    """
    global _ndarray
    if _ndarray is None or not isinstance(a, _ndarray):
        numpy = sys.modules.get("numpy")
        if numpy is None or not isinstance(a, numpy.ndarray):
            raise TypeError(f"from_numpy: expected a numpy.ndarray, got {type(a).__name__}")
        _ndarray = numpy.ndarray
    cdef Py_buffer *view = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
    cdef int got
    if view == NULL:
        raise MemoryError("from_numpy: no memory for a buffer export")
    try:
        got = _export_array(a, view)
    except BaseException:
        PyMem_Free(view)
        raise
    if got < 0:
        PyMem_Free(view)
        return _view_export(a.view(sys.modules["numpy"].uint16), "from_numpy", TH_BFLOAT16)
    return _view_of(view, got, "from_numpy", -1)


cdef int _export_array(object a, Py_buffer *view) except -2:
    """_export for from_numpy: 0 (writable), 1 (read-only), or -1 for an
    ml_dtypes bfloat16 array (nothing exported: numpy has no buffer format
    for user dtypes). The writable export is tried first, the dtype read
    only when it is refused (read-only memory, or no format): the usual
    call reads no attribute of a."""
    if _export_writable(a, view, PyBUF_RECORDS_RO):
        return 0
    if _is_ml_bfloat16(a):
        return -1
    PyObject_GetBuffer(a, view, PyBUF_RECORDS_RO)  # raises what the read-only request raises
    return 1


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    """A 1-dim tensor over the bytes of any object with the buffer protocol
    (torch.frombuffer): count elements of dtype (-1: all the bytes after
    offset) starting offset bytes in. No copy: the tensor keeps the buffer
    alive, and memory the object exports only read-only (bytes, a read-only
    memoryview or mmap) gives a read-only tensor (Tensor.is_readonly), where
    torch warns. ValueError for a non-contiguous buffer, an offset or count
    out of range, bytes that are not whole elements or not aligned to them.

    >>> th.frombuffer(bytearray(b"\\x01\\x00\\x02\\x00"), dtype=th.int16)
    tensor([1, 2], dtype=th.int16)
    """
    check_factory_args("frombuffer", None, requires_grad, False)
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
    cdef int64_t esz = THScalarType_elementSize(t)
    cdef int64_t n = as_int64(count, "frombuffer(): count")
    cdef int64_t start = as_int64(offset, "frombuffer(): offset")
    cdef Py_buffer *view = <Py_buffer *>PyMem_Malloc(sizeof(Py_buffer))
    cdef bint readonly
    if view == NULL:
        raise MemoryError("frombuffer: no memory for a buffer export")
    try:
        readonly = _export(buffer, view, PyBUF_SIMPLE)  # contiguous bytes
    except (BufferError, ValueError) as e:
        PyMem_Free(view)
        raise ValueError(f"frombuffer: the buffer cannot be viewed as contiguous bytes "
                         f"({e})") from None
    except BaseException:
        PyMem_Free(view)
        raise
    cdef int64_t length = view.len
    try:  # torch's checks and words
        if length == 0 or n == 0:
            raise ValueError(f"frombuffer: both buffer length ({length}) and count ({n}) must "
                             f"not be 0")
        if start < 0 or start >= length:
            raise ValueError(f"frombuffer: offset ({start} bytes) must be non-negative and no "
                             f"greater than buffer length ({length} bytes) minus 1")
        if n < 0:
            if (length - start) % esz:
                raise ValueError(f"frombuffer: buffer length ({length - start} bytes) after "
                                 f"offset ({start} bytes) must be a multiple of element size "
                                 f"({esz})")
            n = (length - start) // esz
        elif n > (length - start) // esz:
            raise ValueError(f"frombuffer: requested buffer length ({n} * {esz} bytes) after "
                             f"offset ({start} bytes) must not be greater than actual buffer "
                             f"length ({length} bytes)")
        if (<uintptr_t>view.buf + <uintptr_t>start) % <uintptr_t>esz:
            raise ValueError(f"frombuffer: the data at offset {start} is not aligned to its "
                             f"{esz}-byte elements; copy it instead")
    except BaseException:
        PyBuffer_Release(view)
        PyMem_Free(view)
        raise
    # the storage takes the export, also if this fails
    cdef THStorage *storage = THStorage_newWithDataAndAllocator(
        t, <char *>view.buf + start, n, &_export_allocator, view)
    THStorage_clearFlag(storage, TH_STORAGE_RESIZABLE)
    if readonly:
        THStorage_setFlag(storage, TH_STORAGE_READONLY)
    return wrap_tensor(THTensor_newWithStorageNdMove(storage, 0, 1, &n, NULL))


# ------------------------------------------------------------------ bfloat16
# numpy has no bfloat16 and the buffer protocol no format code for it: the
# ml_dtypes package's bfloat16 arrays (when it is installed) are exchanged as
# uint16 memory, reinterpreted.

cdef bint _is_ml_bfloat16(object a):
    numpy = sys.modules.get("numpy")
    if numpy is None or not isinstance(a, numpy.ndarray):
        return False
    dt = a.dtype
    # a user-defined dtype (numbered from NPY_USERDEF, 256) first: dtype.name
    # is computed in Python by numpy, and costs more than the whole view
    return (dt.num >= 256 and dt.name == "bfloat16"
            and getattr(dt.type, "__module__", "") == "ml_dtypes")


cdef void _unpin_storage(void *ctx, void *data) noexcept nogil:
    THStorage_unpin(<THStorage *>ctx)


cdef THAllocator _pin_allocator
_pin_allocator.malloc = _cannot_grow
_pin_allocator.realloc = NULL
_pin_allocator.free = _unpin_storage


def reinterpret_storage(Storage s not None, dtype, *, any_size=False):
    """A storage of another dtype of the same element size over s's memory
    (no copy): it pins s (one reference, data kept in place) while it lives,
    and is read-only when s is.
    any_size: the element sizes may differ (Tensor.view(dtype)); the new
    storage holds as many whole elements as s's bytes make."""
    cdef THStorage *c = s.cdata
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_UINT8)
    if THScalarType_elementSize(t) != THStorage_elementSize(c) and not any_size:
        raise ValueError(f"reinterpret_storage: {s.dtype!r} and {dtype_of(t)!r} differ in size")
    if THStorage_data(c) == NULL:
        return wrap_storage(THStorage_new(t))
    cdef int64_t size = (THStorage_size(c) * <int64_t>THStorage_elementSize(c)
                         // <int64_t>THScalarType_elementSize(t))
    THStorage_pin(c)  # released by the new storage's free, also if this fails
    cdef THStorage *r = THStorage_newWithDataAndAllocator(t, THStorage_data(c), size,
                                                          &_pin_allocator, c)
    THStorage_clearFlag(r, TH_STORAGE_RESIZABLE)
    THStorage_setFlag(r, THStorage_flags(c) & TH_STORAGE_READONLY)  # the same memory
    return wrap_storage(r)


def bfloat16_to_numpy(Tensor t not None):
    """numpy() of a bfloat16 tensor: an ml_dtypes.bfloat16 array over its
    memory, or TypeError when ml_dtypes is not installed."""
    try:
        ml_dtypes = importlib.import_module("ml_dtypes")  # (Cython's import can return None)
    except ImportError:
        raise TypeError("numpy has no bfloat16 dtype: convert with .float() first (or install "
                        "ml_dtypes, whose bfloat16 th exchanges without a copy; DLPack "
                        "exchanges bfloat16 with torch)") from None
    import numpy
    from th._factories import empty
    raw = empty(0, dtype=dtype_of(TH_UINT16)).set_(
        reinterpret_storage(t.storage(), dtype_of(TH_UINT16)), t.storage_offset(), t.shape,
        t.stride())
    return numpy.asarray(raw).view(ml_dtypes.bfloat16)


cdef Tensor _copy_of_buffer(object obj, int override=-1):
    """A new contiguous tensor holding a copy of any buffer's elements."""
    cdef Py_buffer view
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int d
    cdef Tensor out
    cdef bint swapped
    PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO)
    try:
        t = <THScalarType>_scalar_type_of(view.format, view.itemsize, &swapped)
        if override >= 0:
            t = <THScalarType>override
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
    if swapped:  # a complex number's two parts are swapped each in place
        _swap_bytes(<char *>THTensor_data(out.cdata), nbytes,
                    THTensor_elementSize(out.cdata) // (2 if THScalarType_isComplex(t) else 1))
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


def asarray(obj, dtype=None, copy=None, *, device=None, requires_grad=False):
    """obj as a tensor, sharing its memory when possible (torch.asarray):
    a th.Tensor as it is; anything with the buffer protocol (numpy arrays,
    memoryviews, bytearray, array.array) or __dlpack__ (torch) as a view of
    its memory (memory exported only read-only, such as bytes or a
    non-writeable array, as a read-only tensor: Tensor.is_readonly); other
    data (nested lists, numbers) copied. copy=True always copies;
    copy=False raises ValueError when a copy would be needed; a dtype other
    than the data's converts (a copy). device can only be the CPU.

    >>> th.asarray([1, 2, 3])
    tensor([1, 2, 3])
    """
    check_factory_args("asarray", device, requires_grad, False)
    if isinstance(obj, Tensor):
        return _convert(<Tensor>obj, dtype, copy)
    cdef int override = -1
    if _is_ml_bfloat16(obj):
        obj, override = obj.view(sys.modules["numpy"].uint16), TH_BFLOAT16
    if PyObject_CheckBuffer(obj):
        try:
            t = _view_export(obj, "asarray", override)
        except ValueError:
            if copy is False:
                raise
            return _convert(_copy_of_buffer(obj, override), dtype, None)
        return _convert(t, dtype, copy)
    if hasattr(obj, "__dlpack__"):
        from th._dlpack import from_dlpack
        return _convert(from_dlpack(obj), dtype, copy)
    if copy is False:
        raise ValueError(f"asarray: a {type(obj).__name__} has no memory to share; copy=False "
                         f"cannot be honoured")
    from th._factories import tensor
    return tensor(obj, dtype=dtype)


# ------------------------------------------------ numpy's ufunc protocol
# Tensor.__array_ufunc__: numpy hands th every ufunc call with a th.Tensor
# among its operands or outputs (np.exp(t), np.add(a, t)) and every ndarray
# operator whose other operand is a th.Tensor (a + t, a < t, a @ t, x *
# numpy scalar), instead of converting the tensor to an array.

# numpy's ufuncs th computes itself, and th's function for each. Left out
# where th's function means something else for some dtype: sign (NaN gives
# 0 in th), reciprocal (integer division in numpy), positive (a copy).
_UFUNCS = {
    "add": "add", "subtract": "sub", "multiply": "mul", "divide": "div",
    "true_divide": "div", "floor_divide": "floor_divide", "remainder": "remainder",
    "power": "pow", "maximum": "maximum", "minimum": "minimum", "arctan2": "atan2",
    "equal": "eq", "not_equal": "ne", "less": "lt", "less_equal": "le", "greater": "gt",
    "greater_equal": "ge", "logical_and": "logical_and", "logical_or": "logical_or",
    "logical_xor": "logical_xor", "logical_not": "logical_not", "bitwise_and": "bitwise_and",
    "bitwise_or": "bitwise_or", "bitwise_xor": "bitwise_xor", "invert": "bitwise_not",
    "negative": "neg", "absolute": "abs", "sqrt": "sqrt", "exp": "exp", "log": "log",
    "log1p": "log1p", "expm1": "expm1", "sin": "sin", "cos": "cos", "tanh": "tanh",
    "floor": "floor", "ceil": "ceil", "trunc": "trunc", "rint": "round", "matmul": "matmul",
    "arccos": "acos", "arcsin": "asin", "arctan": "atan", "cosh": "cosh", "sinh": "sinh",
    "tan": "tan", "log2": "log2", "log10": "log10", "exp2": "exp2", "hypot": "hypot",
    "copysign": "copysign", "fmod": "fmod", "fmax": "fmax", "fmin": "fmin",
    "logaddexp": "logaddexp", "logaddexp2": "logaddexp2", "deg2rad": "deg2rad",
    "rad2deg": "rad2deg", "radians": "deg2rad", "degrees": "rad2deg",
}


cdef object _numpy_dtype(Tensor t):
    """t's dtype as numpy's (None for bfloat16 without ml_dtypes)."""
    import numpy
    if THTensor_dtype(t.cdata) == TH_BFLOAT16:
        try:
            import ml_dtypes
        except ImportError:
            return None
        return numpy.dtype(ml_dtypes.bfloat16)
    return numpy.dtype(str(t.dtype)[3:])


cdef object _wrap_result(object r):
    """numpy's result of a ufunc on th tensors as th.Tensors, as torch's
    __array_wrap__ gives them (an exact ndarray or numpy scalar of a dtype th
    has; anything else as numpy returned it)."""
    import numpy
    if isinstance(r, tuple):
        return tuple([_wrap_result(x) for x in r])
    if (type(r) is numpy.ndarray or isinstance(r, numpy.generic)) and \
            (r.dtype.kind in "biufc" or r.dtype.name == "bfloat16"):
        return asarray(numpy.asarray(r))
    return r


cdef object _numpy_ufunc(object ufunc, str method, tuple inputs, dict kwargs):
    """numpy computes, over the tensors' memory (no copy): the ufuncs and
    methods (reduce, accumulate, at, ...) th does not map, numpy-only
    arguments (where=, dtype=, ...), ndarray outputs."""
    import numpy
    args = [numpy.asarray(x) if isinstance(x, Tensor) else x for x in inputs]
    out = kwargs.get("out")
    if out is not None:
        kwargs = dict(kwargs, out=tuple([numpy.asarray(o) if isinstance(o, Tensor) else o
                                         for o in out]))
    r = getattr(ufunc, method)(*args, **kwargs)
    if out is not None:  # the caller's objects: a tensor stays a tensor
        return out[0] if len(out) == 1 else out
    return _wrap_result(r)


def array_ufunc(ufunc, str method, tuple inputs, dict kwargs):
    """Tensor.__array_ufunc__: a th.Tensor result, computed by th's own
    function where th maps the ufunc (_UFUNCS), else by numpy over the
    tensors' memory. Result dtypes are torch's where torch's own operator
    decides them: a number or numpy scalar operand is a weak scalar
    (np.float64(0.1) * float32_t is float32). Where only arrays and tensors
    take part, torch lets numpy compute (its __array_wrap__), so the dtype
    is numpy's (np.exp(int64_t) and int64_t * float32_array are float64):
    th casts the operands to numpy's loop dtypes first."""
    import numpy
    import th
    name = _UFUNCS.get(ufunc.__name__) if method == "__call__" else None
    out = kwargs.get("out")
    if name is None or len(inputs) != ufunc.nin or any([k != "out" for k in kwargs]) or \
            (out is not None and (len(out) != 1 or not isinstance(out[0], (Tensor, type(None))))):
        return _numpy_ufunc(ufunc, method, inputs, kwargs)
    args = []
    weak = False
    for x in inputs:
        if isinstance(x, Tensor):
            args.append(x)
        elif type(x) is numpy.ndarray and (x.dtype.kind in "biufc" or x.dtype.name == "bfloat16"):
            args.append(asarray(x))
        elif isinstance(x, (bool, int, float, complex, numpy.bool_, numpy.integer,
                            numpy.float16, numpy.float32, numpy.float64, numpy.complexfloating)):
            args.append(x)  # th takes numbers and numpy scalars as weak scalars, as torch
            weak = True
        else:  # lists, ndarray subclasses, other dtypes: numpy's business
            return _numpy_ufunc(ufunc, method, inputs, kwargs)
    if not weak:
        dtypes = [_numpy_dtype(<Tensor>a) for a in args]
        if all([d is not None for d in dtypes]):
            try:
                loop = ufunc.resolve_dtypes(tuple(dtypes) + (None,) * ufunc.nout)
            except (TypeError, ValueError):  # numpy has no loop: let numpy say so
                return _numpy_ufunc(ufunc, method, inputs, kwargs)
            args = [a if d == want else a.to(getattr(th, want.name))
                    for a, d, want in zip(args, dtypes, loop)]
    f = getattr(th, name)
    if out is not None and out[0] is not None:
        return f(*args, out=out[0])
    return f(*args)

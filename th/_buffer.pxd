# The buffer protocol (PEP 3118) for th.Tensor and th.Storage: typed,
# strided views of th's memory for numpy, memoryview and Cython's typed
# memoryviews (`cdef float[:, :] h = t`). An export pins the storage (one
# reference, and its data stays put) until it is released.
from cpython.buffer cimport PyBUF_ANY_CONTIGUOUS, PyBUF_C_CONTIGUOUS, PyBUF_F_CONTIGUOUS
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_ND, PyBUF_STRIDES, PyBUF_WRITABLE
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t

from th.libTH cimport (THScalarType, THStorage, THStorage_flags, THStorage_pin, THStorage_unpin,
                       TH_STORAGE_READONLY,
                       THScalarType_elementSize, TH_UINT8, TH_INT8, TH_INT16, TH_INT32,
                       TH_INT64, TH_FLOAT16, TH_FLOAT32, TH_FLOAT64, TH_BOOL)
from th.libTH cimport TH_BFLOAT16, TH_COMPLEX64, TH_COMPLEX128, TH_UINT16, TH_UINT32, TH_UINT64

# What an export keeps until release: the storage reference, then the shape
# and strides (nd each) that Py_buffer points into.
ctypedef struct BufferHold:
    THStorage *storage
    Py_ssize_t dims[1]

cdef extern from *:
    """
    static char th_empty_buffer[1]; /* buf of an export of no elements: never NULL */
    """
    char th_empty_buffer[1]


cdef inline const char *buffer_format(THScalarType t) noexcept:
    if t == TH_FLOAT32: return "f"
    if t == TH_FLOAT64: return "d"
    if t == TH_INT64: return "q"
    if t == TH_INT32: return "i"
    if t == TH_INT16: return "h"
    if t == TH_INT8: return "b"
    if t == TH_UINT8: return "B"
    if t == TH_FLOAT16: return "e"
    if t == TH_COMPLEX64: return "Zf"
    if t == TH_COMPLEX128: return "Zd"
    if t == TH_UINT16: return "H"
    if t == TH_UINT32: return "I"
    if t == TH_UINT64: return "Q"
    return "?"  # TH_BOOL


cdef inline bint _contiguous(int nd, const int64_t *size, const int64_t *stride, bint fortran) noexcept:
    cdef int64_t z = 1
    cdef int i, d
    for i in range(nd):
        if size[i] == 0:
            return True
    for i in range(nd):
        d = i if fortran else nd - 1 - i
        if size[d] != 1:
            if stride[d] != z:
                return False
            z *= size[d]
    return True


cdef inline int export_buffer(object owner, Py_buffer *view, int flags, THStorage *storage,
                              char *data, THScalarType t, int nd, const int64_t *size,
                              const int64_t *stride) except -1:
    """Fills view for nd dims of elements at data (strides in elements)."""
    cdef Py_ssize_t esz = THScalarType_elementSize(t)
    cdef Py_ssize_t count = 1
    cdef bint overlapping = False
    cdef bint c_contig = _contiguous(nd, size, stride, False)
    cdef int i
    if t == TH_BFLOAT16:
        raise BufferError("bfloat16 has no buffer format code (PEP 3118), so it cannot be "
                          "exported as a buffer: convert with .float() first, or exchange it "
                          "without a copy through DLPack (th.from_dlpack, torch.from_dlpack)")
    for i in range(nd):
        count *= size[i]
        if size[i] > 1 and stride[i] == 0:
            overlapping = True
    cdef bint readonly = (THStorage_flags(storage) & TH_STORAGE_READONLY) != 0
    if readonly and (flags & PyBUF_WRITABLE) == PyBUF_WRITABLE:
        raise BufferError("the tensor views read-only memory (a read-only buffer, bytes, a "
                          "non-writeable array or a read-only mmap): only a read-only buffer "
                          "can be exported (numpy.asarray gives a non-writeable array); "
                          "call .clone() for a writable copy")
    if overlapping and (flags & PyBUF_WRITABLE) == PyBUF_WRITABLE:
        raise BufferError("the tensor has elements that share memory (an expanded, stride-0 "
                          "dim): only a read-only buffer can be exported (e.g. a const "
                          "memoryview); call .contiguous() for a writable copy")
    if (flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS and not c_contig:
        raise BufferError("a C-contiguous buffer was requested but the tensor is not "
                          "contiguous; call .contiguous() first")
    if (flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS and not _contiguous(nd, size, stride, True):
        raise BufferError("a Fortran-contiguous buffer was requested but the tensor is not; "
                          "use .t().contiguous().t() or a strided buffer")
    if ((flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS and not c_contig
            and not _contiguous(nd, size, stride, True)):
        raise BufferError("a contiguous buffer was requested but the tensor is not contiguous")
    if (flags & PyBUF_STRIDES) != PyBUF_STRIDES and not c_contig:
        raise BufferError("the tensor is not contiguous: its buffer needs strides "
                          "(request PyBUF_STRIDES, or call .contiguous() first)")
    cdef BufferHold *hold = <BufferHold *>PyMem_Malloc(
        sizeof(BufferHold) + sizeof(Py_ssize_t) * (2 * nd))
    if hold == NULL:
        raise MemoryError("buffer export: no memory for its shape")
    for i in range(nd):
        hold.dims[i] = size[i]
        hold.dims[nd + i] = stride[i] * esz
    THStorage_pin(storage)  # a reference that also keeps the data where it is
    hold.storage = storage
    view.buf = data if data != NULL else th_empty_buffer
    view.obj = owner
    view.len = count * esz
    view.readonly = overlapping or readonly
    view.itemsize = esz
    view.format = <char *>buffer_format(t) if flags & PyBUF_FORMAT else NULL
    view.ndim = nd
    view.shape = hold.dims if (flags & PyBUF_ND) == PyBUF_ND else NULL
    view.strides = hold.dims + nd if (flags & PyBUF_STRIDES) == PyBUF_STRIDES else NULL
    view.suboffsets = NULL
    view.internal = hold
    return 0


cdef inline void release_buffer(Py_buffer *view) noexcept:
    cdef BufferHold *hold = <BufferHold *>view.internal
    if hold != NULL:
        THStorage_unpin(hold.storage)
        PyMem_Free(hold)
        view.internal = NULL

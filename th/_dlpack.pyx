"""DLPack: Tensor.__dlpack__ / __dlpack_device__ and th.from_dlpack.

Both the versioned (1.x, capsule "dltensor_versioned") and the legacy
("dltensor") protocols. An export pins th's storage until the consumer calls
the deleter, or until the capsule dies unconsumed; an import owns the
producer's managed tensor and calls its deleter exactly once, when the
storage dies (or at once if the import fails after taking it)."""
import sys

from cpython.pycapsule cimport (PyCapsule_GetPointer, PyCapsule_IsValid, PyCapsule_New,
                                PyCapsule_SetName)
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport free, malloc

cimport th._errors
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *

cdef extern from *:
    """
    /* DLPack's C ABI (dlpack.h, version 1.x), declared for th's own use. */
    typedef struct { uint32_t major; uint32_t minor; } th_DLPackVersion;
    typedef struct { int32_t device_type; int32_t device_id; } th_DLDevice;
    typedef struct { uint8_t code; uint8_t bits; uint16_t lanes; } th_DLDataType;
    typedef struct {
      void *data;
      th_DLDevice device;
      int32_t ndim;
      th_DLDataType dtype;
      int64_t *shape;
      int64_t *strides;
      uint64_t byte_offset;
    } th_DLTensor;
    typedef struct th_DLManagedTensor {
      th_DLTensor dl_tensor;
      void *manager_ctx;
      void (*deleter)(struct th_DLManagedTensor *self);
    } th_DLManagedTensor;
    typedef struct th_DLManagedTensorVersioned {
      th_DLPackVersion version;
      void *manager_ctx;
      void (*deleter)(struct th_DLManagedTensorVersioned *self);
      uint64_t flags;
      th_DLTensor dl_tensor;
    } th_DLManagedTensorVersioned;
    """
    ctypedef struct th_DLPackVersion:
        uint32_t major
        uint32_t minor
    ctypedef struct th_DLDevice:
        int32_t device_type
        int32_t device_id
    ctypedef struct th_DLDataType:
        uint8_t code
        uint8_t bits
        uint16_t lanes
    ctypedef struct th_DLTensor:
        void *data
        th_DLDevice device
        int32_t ndim
        th_DLDataType dtype
        int64_t *shape
        int64_t *strides
        uint64_t byte_offset
    ctypedef struct th_DLManagedTensor:
        th_DLTensor dl_tensor
        void *manager_ctx
        void (*deleter)(th_DLManagedTensor *) noexcept nogil
    ctypedef struct th_DLManagedTensorVersioned:
        th_DLPackVersion version
        void *manager_ctx
        void (*deleter)(th_DLManagedTensorVersioned *) noexcept nogil
        uint64_t flags
        th_DLTensor dl_tensor

cdef enum:
    DL_CPU = 1      # kDLCPU
    DL_INT = 0      # kDLInt, kDLUInt, kDLFloat, kDLBool
    DL_UINT = 1
    DL_FLOAT = 2
    DL_BFLOAT = 4   # kDLBfloat
    DL_COMPLEX = 5  # kDLComplex
    DL_BOOL = 6
    FLAG_READ_ONLY = 1  # DLPACK_FLAG_BITMASK_READ_ONLY

DLPACK_VERSION = (1, 1)
_INT64_MAX = (1 << 63) - 1
_ADDRESS_MAX = 2 * sys.maxsize + 1  # the largest uintptr_t


# ------------------------------------------------------------------- dtypes
cdef th_DLDataType _dl_dtype(THScalarType t) noexcept:
    cdef th_DLDataType d
    d.lanes = 1
    d.bits = 8 * THScalarType_elementSize(t)
    if t == TH_BOOL:
        d.code = DL_BOOL
    elif t == TH_UINT8 or t == TH_UINT16 or t == TH_UINT32 or t == TH_UINT64:
        d.code = DL_UINT
    elif t == TH_BFLOAT16:
        d.code = DL_BFLOAT
    elif THScalarType_isComplex(t):
        d.code = DL_COMPLEX
    elif THScalarType_isFloatingPoint(t):
        d.code = DL_FLOAT
    else:
        d.code = DL_INT
    return d


cdef THScalarType _th_dtype(th_DLDataType d) except *:
    if d.lanes == 1:
        if d.code == DL_BOOL and d.bits == 8:
            return TH_BOOL
        if d.code == DL_UINT:
            if d.bits == 8: return TH_UINT8
            if d.bits == 16: return TH_UINT16
            if d.bits == 32: return TH_UINT32
            if d.bits == 64: return TH_UINT64
        if d.code == DL_BFLOAT and d.bits == 16:
            return TH_BFLOAT16
        if d.code == DL_COMPLEX:
            if d.bits == 64: return TH_COMPLEX64
            if d.bits == 128: return TH_COMPLEX128
        if d.code == DL_INT:
            if d.bits == 8: return TH_INT8
            if d.bits == 16: return TH_INT16
            if d.bits == 32: return TH_INT32
            if d.bits == 64: return TH_INT64
        if d.code == DL_FLOAT:
            if d.bits == 16: return TH_FLOAT16
            if d.bits == 32: return TH_FLOAT32
            if d.bits == 64: return TH_FLOAT64
    raise TypeError(f"from_dlpack: DLPack dtype (code {d.code}, {d.bits} bits, {d.lanes} "
                    f"lanes) has no th dtype")


# ------------------------------------------------------------------- export
ctypedef struct Export:
    # one malloc'd block: the managed tensor, the pinned storage, the dims
    th_DLManagedTensorVersioned versioned
    th_DLManagedTensor legacy
    THStorage *storage
    int64_t dims[1]


cdef void _delete_export(Export *e) noexcept nogil:
    THStorage_unpin(e.storage)
    free(e)


cdef void _delete_versioned(th_DLManagedTensorVersioned *m) noexcept nogil:
    _delete_export(<Export *>m.manager_ctx)


cdef void _delete_legacy(th_DLManagedTensor *m) noexcept nogil:
    _delete_export(<Export *>m.manager_ctx)


cdef void _capsule_died(object capsule) noexcept:
    """A capsule never consumed: its deleter is still ours to call."""
    cdef th_DLManagedTensorVersioned *v
    cdef th_DLManagedTensor *m
    if PyCapsule_IsValid(capsule, b"dltensor_versioned"):
        v = <th_DLManagedTensorVersioned *>PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        v.deleter(v)
    elif PyCapsule_IsValid(capsule, b"dltensor"):
        m = <th_DLManagedTensor *>PyCapsule_GetPointer(capsule, b"dltensor")
        m.deleter(m)


def to_dlpack(Tensor t not None, stream=None, max_version=None, dl_device=None, copy=None):
    """The capsule behind Tensor.__dlpack__ (see there)."""
    THDebug_checkTensor(t.cdata)
    if stream is not None:
        raise BufferError("__dlpack__: th tensors live on the CPU: stream must be None")
    if dl_device is not None and tuple(dl_device) != (DL_CPU, 0):
        raise BufferError(f"__dlpack__: th tensors live on the CPU (device (1, 0)), "
                          f"not {tuple(dl_device)}")
    if copy:
        t = t.clone()
    cdef THTensor *c = t.cdata
    cdef int nd = THTensor_nDimension(c)
    cdef bint versioned = max_version is not None and max_version[0] >= 1
    cdef bint readonly = (THStorage_flags(THTensor_storage(c)) & TH_STORAGE_READONLY) != 0
    if readonly and not versioned:  # numpy's refusal: the consumer would write it
        raise BufferError("__dlpack__: the tensor views read-only memory, which only a "
                          "versioned DLPack capsule can say (max_version >= (1, 0)); pass "
                          "max_version=(1, 0), or copy=True for a writable copy")
    cdef Export *e = <Export *>malloc(sizeof(Export) + sizeof(int64_t) * 2 * nd)
    cdef th_DLTensor *dl
    cdef bint overlapping = False
    cdef int d
    if e == NULL:
        raise MemoryError("__dlpack__: no memory for the export")
    for d in range(nd):
        e.dims[d] = THTensor_sizes(c)[d]
        e.dims[nd + d] = THTensor_strides(c)[d]
        if e.dims[d] > 1 and e.dims[nd + d] == 0:
            overlapping = True
    e.storage = THTensor_storage(c)
    THStorage_pin(e.storage)  # released by the deleter
    dl = &e.versioned.dl_tensor if versioned else &e.legacy.dl_tensor
    dl.data = THTensor_data(c)
    dl.device.device_type = DL_CPU
    dl.device.device_id = 0
    dl.ndim = nd
    dl.dtype = _dl_dtype(THTensor_dtype(c))
    dl.shape = e.dims
    dl.strides = e.dims + nd
    dl.byte_offset = 0
    if versioned:
        e.versioned.version.major = DLPACK_VERSION[0]
        e.versioned.version.minor = DLPACK_VERSION[1]
        e.versioned.manager_ctx = e
        e.versioned.deleter = _delete_versioned
        # shared elements, or read-only memory
        e.versioned.flags = FLAG_READ_ONLY if overlapping or readonly else 0
        name, pointer = b"dltensor_versioned", <void *>&e.versioned
    else:
        e.legacy.manager_ctx = e
        e.legacy.deleter = _delete_legacy
        name, pointer = b"dltensor", <void *>&e.legacy
    try:
        return PyCapsule_New(pointer, name, _capsule_died)
    except BaseException:
        _delete_export(e)
        raise


def dlpack_device():
    return (DL_CPU, 0)


# ------------------------------------------------------------------- import
ctypedef struct Imported:
    void *managed
    bint versioned
    bint taking  # from_dlpack is still building the tensor: a failure is its to release


cdef void *_cannot_grow(void *ctx, ptrdiff_t size) noexcept nogil:
    return NULL


cdef void _call_deleter(Imported *i) noexcept nogil:
    cdef th_DLManagedTensorVersioned *v
    cdef th_DLManagedTensor *m
    if i.versioned:
        v = <th_DLManagedTensorVersioned *>i.managed
        if v.deleter != NULL:
            v.deleter(v)
    else:
        m = <th_DLManagedTensor *>i.managed
        if m.deleter != NULL:
            m.deleter(m)


cdef void _release_import(void *ctx, void *data) noexcept nogil:
    cdef Imported *i = <Imported *>ctx
    if i.taking:
        # a failed construction inside from_dlpack: the C error handler has
        # just set the Python exception, and a deleter written in Python
        # (ctypes, Cython) cannot run under a pending one; from_dlpack
        # calls it once the exception is caught
        return
    _call_deleter(i)
    free(i)


cdef THAllocator _import_allocator
_import_allocator.malloc = _cannot_grow
_import_allocator.realloc = NULL
_import_allocator.free = _release_import


def from_dlpack(obj):
    """A tensor over the memory of a DLPack producer (numpy, torch, ...): an
    object with __dlpack__, or a DLPack capsule. No copy: a producer that
    flags its memory read-only (a versioned capsule) gives a read-only
    tensor (Tensor.is_readonly). The producer's memory is released when
    th's storage dies. A capsule th cannot take (a bad shape or strides, a dtype or
    device th lacks) is consumed all the same: its deleter is called, with
    no exception pending, before from_dlpack raises.

    >>> import numpy as np
    >>> th.from_dlpack(np.arange(3))
    tensor([0, 1, 2])
    """
    if hasattr(obj, "__dlpack__"):
        device = tuple(obj.__dlpack_device__())
        if device[0] != DL_CPU:
            raise BufferError(f"from_dlpack: only CPU tensors can be imported, got device {device}")
        try:
            capsule = obj.__dlpack__(max_version=DLPACK_VERSION)
        except TypeError:  # a producer from before DLPack 1.0
            capsule = obj.__dlpack__()
    else:
        capsule = obj
    return _import_capsule(capsule)


cdef object _refusal(th_DLTensor *dl, THScalarType *dtype, int64_t *sizes, int64_t *strides,
                     int64_t *extent):
    """Why th cannot view dl (an exception to raise, returned, not raised:
    the capsule's deleter runs first), or None with its dtype, sizes,
    strides (dl's or contiguous) and extent in elements filled in. Python
    ints, so that no product overflows before it is compared."""
    if dl.device.device_type != DL_CPU:
        return BufferError(f"from_dlpack: only CPU tensors can be imported, got device type "
                           f"{dl.device.device_type}")
    try:
        dtype[0] = _th_dtype(dl.dtype)
    except TypeError as e:
        return e
    cdef int nd = dl.ndim, d
    if nd < 0 or nd > TH_MAX_DIMS:
        return ValueError(f"from_dlpack: {nd} dimensions; th supports 0 to {TH_MAX_DIMS}")
    if nd > 0 and dl.shape == NULL:
        return ValueError(f"from_dlpack: a {nd}-dim tensor with a NULL shape")
    shape = [dl.shape[d] for d in range(nd)]  # copied: they may go with the deleter
    for d in range(nd):
        if shape[d] < 0:
            return ValueError(f"from_dlpack: negative size {shape[d]} in dim {d} (shape "
                              f"{tuple(shape)})")
    numel = 1
    for d in range(nd):
        numel *= shape[d]
    if numel > _INT64_MAX:
        return ValueError(f"from_dlpack: shape {tuple(shape)} has more than 2**63 - 1 elements")
    if dl.strides == NULL:
        steps, span = [], numel
        for d in reversed(range(nd)):
            steps.insert(0, 1 if not steps else steps[0] * max(shape[d + 1], 1))
    else:
        steps = [dl.strides[d] for d in range(nd)]
        for d in range(nd):
            if steps[d] < 0:
                return ValueError(f"from_dlpack: negative stride {steps[d]} in dim {d} cannot "
                                  f"be viewed by th")
        span = 1 + sum([(shape[d] - 1) * steps[d] for d in range(nd)]) if numel else 0
    cdef size_t esize = THScalarType_elementSize(dtype[0])
    if numel and dl.data == NULL:
        return ValueError(f"from_dlpack: data is NULL for {numel} elements (shape "
                          f"{tuple(shape)})")
    base = <uintptr_t>dl.data  # a Python int: the sum below cannot wrap
    end = base + dl.byte_offset + span * esize
    if span * esize > _INT64_MAX:
        return ValueError(f"from_dlpack: shape {tuple(shape)} and strides {tuple(steps)} span "
                          f"{span} elements of {esize} bytes: more than 2**63 - 1 bytes")
    if end > _ADDRESS_MAX:
        return ValueError(f"from_dlpack: shape {tuple(shape)} and strides {tuple(steps)} span "
                          f"{span} elements of {esize} bytes from byte offset {dl.byte_offset}: "
                          f"past the end of the address space")
    for d in range(nd):
        sizes[d] = shape[d]
        strides[d] = steps[d]
    extent[0] = span
    return None


cdef Tensor _import_capsule(object capsule):
    cdef th_DLManagedTensorVersioned *v = NULL
    cdef th_DLManagedTensor *m = NULL
    cdef th_DLTensor *dl
    cdef bint read_only = False
    if PyCapsule_IsValid(capsule, b"dltensor_versioned"):
        v = <th_DLManagedTensorVersioned *>PyCapsule_GetPointer(capsule, b"dltensor_versioned")
        if v.version.major != 1:  # nothing past the version is ours to read
            raise BufferError(f"from_dlpack: DLPack version {v.version.major}.{v.version.minor} "
                              f"is not supported (th reads 1.x)")
        dl = &v.dl_tensor
        read_only = v.flags & FLAG_READ_ONLY
    elif PyCapsule_IsValid(capsule, b"dltensor"):
        m = <th_DLManagedTensor *>PyCapsule_GetPointer(capsule, b"dltensor")
        dl = &m.dl_tensor
    elif (PyCapsule_IsValid(capsule, b"used_dltensor")
          or PyCapsule_IsValid(capsule, b"used_dltensor_versioned")):
        raise ValueError("from_dlpack: this DLPack capsule was already consumed")
    else:
        raise TypeError(f"from_dlpack: expected an object with __dlpack__ or a DLPack capsule, "
                        f"got {type(capsule).__name__}")
    # take it: from here on its deleter is ours to call, exactly once, and
    # never under a pending exception (a deleter may be Python code)
    PyCapsule_SetName(capsule, b"used_dltensor_versioned" if v != NULL else b"used_dltensor")
    cdef THScalarType t
    cdef int nd = dl.ndim
    cdef int64_t extent = 0
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int64_t strides[TH_MAX_DIMS]
    err = _refusal(dl, &t, sizes, strides, &extent)
    if err is not None:
        _release_now(v, m)
        raise err
    cdef Imported *i = <Imported *>malloc(sizeof(Imported))
    if i == NULL:
        _release_now(v, m)
        raise MemoryError("from_dlpack: no memory for the import")
    i.managed = <void *>v if v != NULL else <void *>m
    i.versioned = v != NULL
    i.taking = True
    cdef char *data = <char *>dl.data + dl.byte_offset if dl.data != NULL else NULL
    cdef THStorage *storage = NULL
    cdef Tensor out = None
    try:
        if data == NULL:  # no elements: nothing of the producer's to hold
            storage = THStorage_new(t)
        else:  # the storage holds i; on failure it is left to us (taking)
            storage = THStorage_newWithDataAndAllocator(t, data, extent, &_import_allocator, i)
        THStorage_clearFlag(storage, TH_STORAGE_RESIZABLE)
        if read_only:  # shared all the same, never written
            THStorage_setFlag(storage, TH_STORAGE_READONLY)
        # the Move takes the storage, on failure too
        out = wrap_tensor(THTensor_newWithStorageNdMove(storage, 0, nd, sizes,
                                                        NULL if dl.strides == NULL else strides))
    except BaseException as e:
        failure = e
    else:
        failure = None
    if failure is not None or data == NULL:
        # the exception is caught: none is pending while the deleter runs
        _call_deleter(i)
        free(i)
        if failure is not None:
            raise failure
    else:
        i.taking = False  # the storage's from now on
    return out


cdef void _release_now(th_DLManagedTensorVersioned *v, th_DLManagedTensor *m) noexcept:
    if v != NULL and v.deleter != NULL:
        v.deleter(v)
    elif m != NULL and m.deleter != NULL:
        m.deleter(m)

# cython: embedsignature.format=clinic
# (Tensor's methods are plain method descriptors, see binding(False) below;
# clinic-format signatures keep inspect.signature working for them.)
"""th.Tensor: a Python object holding one reference to a C THTensor.

Nothing about a tensor's geometry is stored on the Python side: every query
reads the C struct, so creating a view is one C call plus one object."""
cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int64_t, uintptr_t

import weakref

cimport th._errors
from th._buffer cimport export_buffer, release_buffer
from th._dtype cimport as_scalar_type, dtype_of
from th._elements cimport NUMBER_INT64, as_number, check_big_int, read_element
from th._indexing cimport index_view
from th._shape cimport parse_shape
from th._storage cimport Storage, wrap_storage
from th.libTH cimport *

# Set by wrap_tensor so that the next Tensor.__cinit__ leaves cdata to it.
cdef bint _wrapping = False
# th.Tensor objects alive (for the leak harness)
cdef Py_ssize_t _live = 0
# C storage address -> its live th.Storage object (see Tensor.storage)
cdef object _storage_objects = weakref.WeakValueDictionary()


def live_wrappers():
    """th.Tensor Python objects alive right now."""
    return _live


def cached_wrappers():
    """Dead th.Tensor objects kept for reuse (none under TH_NO_CACHE)."""
    return _nfree


@cython.binding(False)  # method descriptors: CPython's specialised calls reach them directly
cdef class Tensor:
    """A strided view of a th.Storage: (storage, offset, sizes, strides).

    ``th.Tensor(2, 3, dtype=th.float32)`` makes an uninitialised tensor,
    ``th.Tensor(storage)`` a 1-d view of a whole storage, and
    ``th.Tensor([[1, 2], [3, 4]])`` a float32 copy of nested data; the
    factories (th.empty, th.zeros, th.tensor, ...) say more.
    """

    def __cinit__(self):
        # No parameters: Cython then skips the constructor's arguments here
        # instead of packing them per object (__init__ parses them).
        global _wrapping, _live
        _live += 1
        if _wrapping:  # wrap_tensor sets cdata
            _wrapping = False
            return
        self.cdata = THTensor_new(TH_FLOAT32)  # never NULL, even without __init__

    def __init__(self, *args, dtype=None):
        cdef int64_t size[TH_MAX_DIMS]
        cdef THTensor *t
        cdef int nd
        if not args:  # torch.Tensor(): shape (0,)
            t = THTensor_new(<THScalarType>as_scalar_type(dtype, TH_FLOAT32))
        elif len(args) == 1 and isinstance(args[0], Storage):
            if dtype is not None:
                raise TypeError("th.Tensor(storage) takes the storage's dtype")
            t = THTensor_newWithStorage((<Storage>args[0]).cdata)
        elif len(args) == 1 and not isinstance(args[0], (int, tuple)):
            from th._factories import tensor
            other = tensor(args[0], dtype=dtype_of(TH_FLOAT32) if dtype is None else dtype)
            t = (<Tensor>other).cdata
            THTensor_retain(t)
        else:
            nd = parse_shape(args, size, "size")
            t = THTensor_newWithSize(<THScalarType>as_scalar_type(dtype, TH_FLOAT32), nd,
                                     size, NULL)
        # The C tensor stays the same object, set to the new one: code that
        # holds self.cdata while Python runs (a value's __index__, a
        # finalizer) never sees it freed, whenever __init__ is called.
        THTensor_set(self.cdata, t)
        THTensor_free(t)

    def __dealloc__(self):
        global _live
        _live -= 1
        THTensor_free(self.cdata)

    # --------------------------------------------------------- geometry
    @property
    def shape(self):
        """The sizes, as a tuple."""
        return _int64_tuple(THTensor_sizes(self.cdata), THTensor_nDimension(self.cdata))

    def size(self, dim=None):
        """The sizes as a tuple, or the size of one dim (negative: from the end)."""
        if dim is None:
            return _int64_tuple(THTensor_sizes(self.cdata), THTensor_nDimension(self.cdata))
        return THTensor_size(self.cdata, dim)

    def stride(self, dim=None):
        """The strides (in elements) as a tuple, or the stride of one dim."""
        if dim is None:
            return _int64_tuple(THTensor_strides(self.cdata), THTensor_nDimension(self.cdata))
        return THTensor_stride(self.cdata, dim)

    def storage_offset(self):
        """Offset of the first element in the storage, in elements."""
        return THTensor_storageOffset(self.cdata)

    def dim(self):
        return THTensor_nDimension(self.cdata)

    @property
    def ndim(self):
        return THTensor_nDimension(self.cdata)

    def numel(self):
        return THTensor_nElement(self.cdata)

    def nelement(self):
        return THTensor_nElement(self.cdata)

    @property
    def dtype(self):
        return dtype_of(THTensor_dtype(self.cdata))

    def element_size(self):
        return THTensor_elementSize(self.cdata)

    @property
    def itemsize(self):
        return THTensor_elementSize(self.cdata)

    @property
    def nbytes(self):
        return THTensor_nElement(self.cdata) * <int64_t>THTensor_elementSize(self.cdata)

    def is_contiguous(self):
        return THTensor_isContiguous(self.cdata) != 0

    def is_set_to(self, Tensor other not None):
        """True if both view the same storage with the same geometry."""
        return THTensor_isSetTo(self.cdata, other.cdata) != 0

    # ------------------------------------------------------- views
    # Each returns a new th.Tensor over the same storage (its refcount goes
    # up by one while the view lives); nothing is copied.

    def narrow(self, int dim, int64_t start, int64_t length):
        """Elements start .. start + length - 1 of dim (start may be negative)."""
        return wrap_tensor(THTensor_newNarrow(self.cdata, dim, start, length))

    def select(self, int dim, int64_t index):
        """The slice at index of dim, with that dim removed."""
        return wrap_tensor(THTensor_newSelect(self.cdata, dim, index))

    def transpose(self, int dim0, int dim1):
        return wrap_tensor(THTensor_newTranspose(self.cdata, dim0, dim1))

    def t(self):
        """transpose(0, 1) of a 2-dim tensor; a 0- or 1-dim tensor as it is."""
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd < 2:
            return wrap_tensor(THTensor_newWithTensor(self.cdata))
        if nd > 2:
            raise ValueError(f"t() expects a tensor with at most 2 dimensions, got {nd}; "
                             f"use transpose(dim0, dim1)")
        return wrap_tensor(THTensor_newTranspose(self.cdata, 0, 1))

    @property
    def T(self):
        """The dims in reverse order (numpy's .T)."""
        cdef int dims[TH_MAX_DIMS]
        cdef int i, nd = THTensor_nDimension(self.cdata)
        for i in range(nd):
            dims[i] = nd - 1 - i
        return wrap_tensor(THTensor_newPermute(self.cdata, dims))

    def permute(self, *dims_, dims=None):
        """permute(2, 0, 1), permute((2, 0, 1)) or permute(dims=(2, 0, 1)): dim
        i of the result is dim dims[i] of this tensor."""
        cdef int64_t parsed[TH_MAX_DIMS]
        cdef int cdims[TH_MAX_DIMS]
        cdef int i, n = parse_shape(_one_form("permute", dims_, dims, "dims"), parsed, "dims")
        if n != THTensor_nDimension(self.cdata):
            raise ValueError(f"permute: {n} dims given for a tensor of "
                             f"{THTensor_nDimension(self.cdata)} dimensions")
        for i in range(n):
            if parsed[i] < -n or parsed[i] >= n:
                raise IndexError(f"permute: dim {parsed[i]} out of range for a {n}-dim tensor")
            cdims[i] = <int>parsed[i]
        return wrap_tensor(THTensor_newPermute(self.cdata, cdims))

    def unfold(self, int dimension, int64_t size, int64_t step):
        """Every slice of size elements along dimension, step apart, as a new last dim."""
        return wrap_tensor(THTensor_newUnfold(self.cdata, dimension, size, step))

    def expand(self, *sizes, size=None):
        """Broadcast to sizes (or size=) without copying: size-1 dims stretch
        with stride 0, new leading dims are added, -1 keeps a size."""
        cdef int64_t s[TH_MAX_DIMS]
        cdef int n = parse_shape(_one_form("expand", sizes, size, "size"), s, "sizes")
        return wrap_tensor(THTensor_newExpand(self.cdata, n, s))

    def expand_as(self, Tensor other not None):
        return wrap_tensor(THTensor_newExpand(self.cdata, THTensor_nDimension(other.cdata),
                                              THTensor_sizes(other.cdata)))

    def view(self, *shape):
        """The same elements with a new shape (one size may be -1), sharing the
        storage; ValueError when the strides cannot express it (use reshape)."""
        cdef int64_t s[TH_MAX_DIMS]
        cdef int n = parse_shape(shape, s, "shape")
        return wrap_tensor(THTensor_newView(self.cdata, n, s))

    def reshape(self, *shape_, shape=None):
        """view() when possible, else a view of a contiguous copy; reshape(2, 3),
        reshape((2, 3)) or reshape(shape=(2, 3))."""
        cdef int64_t s[TH_MAX_DIMS]
        cdef int n = parse_shape(_one_form("reshape", shape_, shape, "shape"), s, "shape")
        cdef THTensor *r
        cdef THTensor *src
        if not _long_copy(self.cdata):
            return wrap_tensor(THTensor_newReshape(self.cdata, n, s))
        src = pinned_snapshot(self.cdata)  # what other threads do to self meanwhile
        try:
            with nogil:
                r = THTensor_newReshape(src, n, s)
        finally:
            release_snapshot(src)
        return wrap_tensor(r)

    def squeeze(self, dim=None):
        """Without size-1 dims (or without dim, or each of a tuple of dims, if
        its size is 1)."""
        if dim is None:
            return wrap_tensor(THTensor_newSqueeze(self.cdata))
        if not isinstance(dim, (tuple, list)):
            return wrap_tensor(THTensor_newSqueeze1d(self.cdata, dim))
        cdef int nd = THTensor_nDimension(self.cdata)
        cdef int span = nd if nd > 0 else 1  # as squeeze(0) of a 0-dim tensor
        wrapped = set()
        for d in dim:
            if not -span <= d < span:
                raise IndexError(f"squeeze: dim {d} out of range for a {nd}-dim tensor "
                                 f"(expected in [{-span}, {span - 1}])")
            if d % span in wrapped:
                raise ValueError(f"squeeze: dim {d % span} appears twice in {tuple(dim)}")
            wrapped.add(d % span)
        result = self.view(self.shape)  # a new view even when nothing is squeezed
        for d in sorted(wrapped, reverse=True):  # from the last: earlier dims keep their index
            result = result.squeeze(d)
        return result

    def unsqueeze(self, int dim):
        """A size-1 dim inserted at dim (in [-(ndim + 1), ndim])."""
        return wrap_tensor(THTensor_newUnsqueeze1d(self.cdata, dim))

    def flatten(self, int start_dim=0, int end_dim=-1):
        """Dims start_dim .. end_dim merged into one (a view when possible)."""
        cdef int nd = THTensor_nDimension(self.cdata)
        cdef const int64_t *sizes = THTensor_sizes(self.cdata)
        cdef int64_t s[TH_MAX_DIMS]
        cdef int i, n = 0
        cdef int start = start_dim + nd if start_dim < 0 else start_dim
        cdef int end = end_dim + nd if end_dim < 0 else end_dim
        if nd == 0:  # a scalar flattens to one element; its dims are as if 1-dim
            if not (-1 <= start_dim <= 0 and -1 <= end_dim <= 0):
                raise IndexError(f"flatten: dims {start_dim}..{end_dim} out of range for a "
                                 f"0-dim tensor (expected in [-1, 0])")
            s[0] = 1
            return wrap_tensor(THTensor_newReshape(self.cdata, 1, s))
        if not (0 <= start < nd and 0 <= end < nd):
            raise IndexError(f"flatten: dims {start_dim}..{end_dim} out of range for a "
                             f"{nd}-dim tensor (expected in [{-nd}, {nd - 1}])")
        if start > end:
            raise ValueError(f"flatten: start_dim {start_dim} comes after end_dim {end_dim}")
        for i in range(start):
            s[n] = sizes[i]
            n += 1
        s[n] = 1
        for i in range(start, end + 1):
            s[n] *= sizes[i]
        n += 1
        for i in range(end + 1, nd):
            s[n] = sizes[i]
            n += 1
        return wrap_tensor(THTensor_newReshape(self.cdata, n, s))

    def as_strided(self, size, stride, storage_offset=None):
        """Any geometry over this tensor's storage (checked to lie inside it)."""
        cdef int64_t sz[TH_MAX_DIMS]
        cdef int64_t st[TH_MAX_DIMS]
        cdef int n = parse_shape((size,), sz, "size")
        if parse_shape((stride,), st, "stride") != n:
            raise ValueError(f"as_strided: {n} sizes but {len(stride)} strides")
        cdef int64_t offset = (THTensor_storageOffset(self.cdata) if storage_offset is None
                               else storage_offset)
        return wrap_tensor(THTensor_newAsStrided(self.cdata, n, sz, st, offset))

    def diagonal(self, int64_t offset=0, int dim1=0, int dim2=1):
        """The diagonal of dims dim1 and dim2 as a new last dim (torch.diagonal)."""
        return wrap_tensor(THTensor_newDiagonal(self.cdata, offset, dim1, dim2))

    def __getitem__(self, index):
        return wrap_tensor(index_view(self.cdata, index))

    def __setitem__(self, index, value):
        cdef THTensor *view = index_view(self.cdata, index)
        try:
            assign(view, value)
        finally:
            THTensor_free(view)

    # ------------------------------------------------------- copies
    def contiguous(self):
        """This tensor itself when contiguous, else a contiguous copy."""
        if THTensor_isContiguous(self.cdata):
            return self
        return self.clone()

    def clone(self):
        """A contiguous copy with its own storage."""
        cdef THTensor *r
        cdef THTensor *src
        if not _long_copy(self.cdata):
            return wrap_tensor(THTensor_newClone(self.cdata))
        src = pinned_snapshot(self.cdata)  # what other threads do to self meanwhile
        try:
            with nogil:
                r = THTensor_newClone(src)
        finally:
            release_snapshot(src)
        return wrap_tensor(r)

    def copy_(self, src):
        """Copy src's elements into this tensor, broadcasting src to this shape
        and converting its dtype; src may be a th.Tensor or nested data."""
        assign(self.cdata, src)
        return self

    # ------------------------------------------------------- ownership
    def storage(self):
        """The th.Storage this tensor views: the live Python object over that
        C storage if there is one, else a new one (holding one more
        reference to the C storage while it lives)."""
        THDebug_checkTensor(self.cdata)
        cdef THStorage *s = THTensor_storage(self.cdata)
        key = <size_t>s
        obj = _storage_objects.get(key)
        if obj is None:
            THStorage_retain(s)
            obj = wrap_storage(s)
            _storage_objects[key] = obj  # one object per C storage: pickle memoizes it
        return obj

    def data_ptr(self):
        """Address of the first element (0 when the storage is empty)."""
        THDebug_checkTensor(self.cdata)
        return <uintptr_t>THTensor_data(self.cdata)

    @property
    def refcount(self):
        """References to the C tensor (this object holds one)."""
        return THTensor_refcount(self.cdata)

    # ------------------------------------------------------- elements
    def tolist(self):
        """Nested lists of Python numbers (a number for a 0-dim tensor)."""
        return self._nested(0)

    def _nested(self, int64_t edge):
        """tolist(), summarised when edge > 0 (see _tolist); for repr."""
        # Building the lists runs Python (allocations, maybe a collection and
        # finalizers), which may change or move this tensor: walk a pinned
        # snapshot of it instead.
        cdef THTensor *snap = pinned_snapshot(self.cdata)
        cdef const char *p = <const char *>THTensor_data(snap)
        cdef int nd = THTensor_nDimension(snap)
        try:
            if nd == 0:
                return read_element(p, THTensor_dtype(snap))
            return _tolist(p, 0, nd, THTensor_sizes(snap), THTensor_strides(snap),
                           THTensor_elementSize(snap), THTensor_dtype(snap), edge)
        finally:
            release_snapshot(snap)

    def item(self):
        """The one element of a one-element tensor, as a Python number."""
        THDebug_checkTensor(self.cdata)  # its data is read unchecked below
        if THTensor_nElement(self.cdata) != 1:
            raise ValueError(f"item() needs a tensor with one element, this one has "
                             f"{THTensor_nElement(self.cdata)}")
        return read_element(<const char *>THTensor_data(self.cdata), THTensor_dtype(self.cdata))

    def __len__(self):
        if THTensor_nDimension(self.cdata) == 0:
            raise TypeError("len() of a 0-dim tensor")
        return THTensor_sizes(self.cdata)[0]

    def __bool__(self):
        if THTensor_nElement(self.cdata) != 1:
            raise ValueError(f"the truth value of a tensor with {THTensor_nElement(self.cdata)} "
                             f"elements is ambiguous")
        return bool(self.item())

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __index__(self):
        if THScalarType_isFloatingPoint(THTensor_dtype(self.cdata)):
            raise TypeError("only integer tensors of one element can be used as an index")
        return int(self.item())

    # ------------------------------------------------------- in place
    def fill_(self, value):
        """Set every element to value (ValueError if the dtype cannot hold it)."""
        fill_tensor(self.cdata, value)
        return self

    def zero_(self):
        THTensor_fillInt64(self.cdata, 0)
        return self

    def resize_(self, *size):
        """New sizes, contiguous, at the same offset; the storage grows when
        needed (refused while it is shared)."""
        cdef int64_t sizes[TH_MAX_DIMS]
        cdef int nd = parse_shape(size, sizes, "size")
        THTensor_resizeNd(self.cdata, nd, sizes, NULL)
        return self

    def set_(self, source, storage_offset=0, size=None, stride=None):
        """Take a tensor's storage and geometry, or view a th.Storage: all of
        it, 1-dim, or the given size (and stride; default contiguous) from
        storage_offset, which must lie inside it."""
        cdef int64_t sizes[TH_MAX_DIMS]
        cdef int64_t strides[TH_MAX_DIMS]
        cdef int nd = 1
        if isinstance(source, Tensor):
            if size is not None or stride is not None or storage_offset:
                raise TypeError("set_(tensor) takes no offset, size or stride")
            THTensor_set(self.cdata, (<Tensor>source).cdata)
        elif isinstance(source, Storage):
            if size is None:
                sizes[0] = THStorage_size((<Storage>source).cdata) - storage_offset
            else:
                nd = parse_shape((size,), sizes, "size")
            if stride is not None and parse_shape((stride,), strides, "stride") != nd:
                raise ValueError(f"set_: {nd} sizes but {len(stride)} strides")
            THTensor_setStorageNd(self.cdata, (<Storage>source).cdata, storage_offset, nd, sizes,
                                  NULL if stride is None else strides)
        else:
            raise TypeError(f"set_() takes a th.Tensor or th.Storage, got {type(source).__name__}")
        return self

    def __repr__(self):
        from th._format import format_tensor
        return format_tensor(self)

    # ------------------------------------------------------- interop
    def numpy(self):
        """A numpy array over this tensor's memory (no copy); its base keeps
        the storage alive. Read-only for an expanded tensor."""
        import numpy
        return numpy.asarray(self)

    def __array__(self, dtype=None, copy=None):
        import numpy
        a = numpy.asarray(memoryview(self))
        if dtype is not None and a.dtype != numpy.dtype(dtype):
            if copy is False:
                raise ValueError(f"__array__: converting {self.dtype!r} to {dtype} needs a copy")
            return a.astype(dtype)
        return a.copy() if copy else a

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over this tensor (versioned when max_version >= (1, 0));
        it pins the storage until the consumer is done with it."""
        from th._dlpack import to_dlpack
        return to_dlpack(self, stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU, device 0

    def share_memory_(self):
        """Move the storage into shared memory (in place: every view
        follows), to pass it to other processes without copying."""
        THDebug_checkTensor(self.cdata)
        THStorage_moveToSharedMemory(THTensor_storage(self.cdata))
        return self

    def is_shared(self):
        THDebug_checkTensor(self.cdata)
        return THStorage_isShared(THTensor_storage(self.cdata)) != 0

    def __reduce__(self):
        from th._pickle import reduce_tensor
        return reduce_tensor(self)

    # ------------------------------------------------------- buffer protocol
    def __getbuffer__(self, Py_buffer *view, int flags):
        THDebug_checkTensor(self.cdata)  # the data is handed out unchecked from here
        export_buffer(self, view, flags, THTensor_storage(self.cdata),
                      <char *>THTensor_data(self.cdata), THTensor_dtype(self.cdata),
                      THTensor_nDimension(self.cdata), THTensor_sizes(self.cdata),
                      THTensor_strides(self.cdata))

    def __releasebuffer__(self, Py_buffer *view):
        release_buffer(view)


cdef tuple _one_form(str fn, tuple positional, object keyword, str name):
    """The sizes or dims of a method taking them either as arguments or as
    one keyword (torch's permute(dims=...), expand(size=...), ...)."""
    if keyword is None:
        return positional
    if positional:
        raise TypeError(f"{fn}: give {name} either as arguments or as {name}=, not both")
    return (keyword,)


# Copies of at least this many elements run without the GIL.
cdef int64_t LONG_COPY = 1 << 16


cdef inline bint _long_copy(THTensor *t) noexcept:
    return THTensor_nElement(t) >= LONG_COPY


cdef THTensor *pinned_snapshot(THTensor *t) except NULL:
    """A private tensor with t's geometry over t's storage, pinned: for work
    done without the GIL (or across Python code), which t's own changes by
    other threads or finalizers (set_, resize_, share_memory_) then cannot
    pull memory from under. Give it back with release_snapshot."""
    cdef THTensor *snapshot = THTensor_newWithTensor(t)
    THStorage_pin(THTensor_storage(snapshot))
    return snapshot


cdef void release_snapshot(THTensor *snapshot) noexcept:
    THStorage_unpin(THTensor_storage(snapshot))
    THTensor_free(snapshot)


cdef int copy_tensor(THTensor *dst, THTensor *src) except -1:
    """THTensor_copy, without the GIL for long copies."""
    cdef THTensor *d
    cdef THTensor *s
    if not _long_copy(dst):
        return THTensor_copy(dst, src)
    d = pinned_snapshot(dst)
    try:
        s = pinned_snapshot(src)
        try:
            with nogil:
                THTensor_copy(d, s)
        finally:
            release_snapshot(s)
    finally:
        release_snapshot(d)
    return 0


cdef int assign(THTensor *dst, object value) except -1:
    """dst[...] = value: a th.Tensor is copied in (broadcast, converted), a
    number fills, other data goes through th.tensor first."""
    if isinstance(value, Tensor):
        return copy_tensor(dst, (<Tensor>value).cdata)
    if isinstance(value, (int, float)) or not hasattr(value, "__len__"):
        return fill_tensor(dst, value)
    from th._factories import tensor
    return copy_tensor(dst, (<Tensor>tensor(value, dtype=dtype_of(THTensor_dtype(dst)))).cdata)


cdef int fill_tensor(THTensor *t, object value) except -1:
    """THTensor_fill with a Python number (exact for ints in int64's range)."""
    cdef int64_t i
    cdef double d
    cdef int kind = as_number(value, &i, &d)
    if kind == NUMBER_INT64:
        return THTensor_fillInt64(t, i)
    check_big_int(THTensor_dtype(t), kind, d)
    return THTensor_fill(t, d)


cdef tuple _int64_tuple(const int64_t *values, int n):
    cdef tuple out = PyTuple_New(n)
    cdef object v
    cdef int i
    for i in range(n):
        v = values[i]
        Py_INCREF(v)
        PyTuple_SET_ITEM(out, i, v)
    return out


cdef list _tolist(const char *p, int d, int nd, const int64_t *size, const int64_t *stride,
                  size_t esz, THScalarType t, int64_t edge):
    """Nested lists of dims d.. at p. edge > 0 summarises: dims longer than
    2 * edge keep their first and last edge entries around an Ellipsis."""
    cdef int64_t i, j, n = size[d]
    cdef int64_t step = stride[d] * <int64_t>esz
    cdef bint cut = edge > 0 and n > 2 * edge
    cdef int64_t count = 2 * edge + 1 if cut else n
    cdef list out = PyList_New(count)
    cdef object v
    for j in range(count):
        i = j
        if cut and j >= edge:
            i = n - (count - j) if j > edge else -1
        if i < 0:
            v = Ellipsis
        elif d == nd - 1:
            v = read_element(p + i * step, t)
        else:
            v = _tolist(p + i * step, d + 1, nd, size, stride, esz, t, edge)
        Py_INCREF(v)
        PyList_SET_ITEM(out, j, v)
    return out


# ----------------------------------------------------------- wrapping
# Most of a view's cost beyond its C struct is the Python object, and Cython's
# generated slots add to it: tp_new runs __cinit__ through its argument
# handling, and tp_dealloc saves and restores the pending exception around
# __dealloc__ (~50 instructions a view; THTensor_free never touches it:
# misuse reports save it themselves). wrap_tensor and _tensor_dealloc do the
# same work directly, reusing up to FREELIST_SIZE objects. They are
# installed only while Tensor's layout is the one they expect (cdata its only
# field: no Python-object fields, no GC, no __dict__ or weakrefs); otherwise
# Cython's slots stay and wrap_tensor goes through Tensor.__new__.

cdef extern from "Python.h":
    ctypedef void (*destructor)(PyObject *) noexcept
    ctypedef void (*freefunc)(void *) noexcept
    ctypedef struct TypeSlots "PyTypeObject":
        Py_ssize_t tp_basicsize
        Py_ssize_t tp_dictoffset
        Py_ssize_t tp_weaklistoffset
        unsigned long tp_flags
        destructor tp_dealloc
        freefunc tp_free
    const unsigned long Py_TPFLAGS_HAVE_GC
    const unsigned long Py_TPFLAGS_HEAPTYPE
    TypeSlots *Py_TYPE(PyObject *o) noexcept
    # raw: NULL with MemoryError set, no reference counting by Cython
    PyObject *raw_PyType_GenericAlloc "PyType_GenericAlloc"(TypeSlots *t, Py_ssize_t n) noexcept
    PyObject *raw_PyObject_Init "PyObject_Init"(PyObject *o, TypeSlots *t) noexcept


cdef extern from *:
    """
    /* Hands the caller's reference to o to Cython as a new reference. */
    static PyObject *th_steal_reference(PyObject *o) { return o; }
    """
    object steal_reference "th_steal_reference"(PyObject *o)


cdef enum:
    FREELIST_SIZE = 64

cdef PyObject *_freelist[FREELIST_SIZE]
cdef int _nfree = 0
cdef TypeSlots *_tensor_type = NULL  # set when the fast slots are installed
cdef Py_ssize_t _cdata_offset = 0  # of cdata in a Tensor object


cdef inline THTensor **_cdata_slot(PyObject *o) noexcept:
    return <THTensor **>(<char *>o + _cdata_offset)


cdef Tensor wrap_tensor(THTensor *cdata):
    global _live, _nfree
    cdef PyObject *o
    if cdata == NULL:  # a caller's bug (a C call that failed unchecked): no NULL Tensor
        raise ValueError("wrap_tensor: the THTensor pointer is NULL")
    if _tensor_type == NULL:
        return _wrap_through_new(cdata)
    if _nfree > 0:
        _nfree -= 1
        o = raw_PyObject_Init(_freelist[_nfree], _tensor_type)
    else:
        o = raw_PyType_GenericAlloc(_tensor_type, 0)
        if o == NULL:
            THTensor_free(cdata)
            raise MemoryError()
    _cdata_slot(o)[0] = cdata
    _live += 1
    return <Tensor>steal_reference(o)


cdef void _tensor_dealloc(PyObject *o) noexcept:
    """Tensor's tp_dealloc (and its subclasses' base dealloc): __dealloc__'s
    work, then the object to the freelist or to tp_free."""
    global _live, _nfree
    _live -= 1
    THTensor_free(_cdata_slot(o)[0])
    if Py_TYPE(o) == _tensor_type and _nfree < FREELIST_SIZE:
        _freelist[_nfree] = o
        _nfree += 1
    else:
        Py_TYPE(o).tp_free(o)


cdef Tensor _wrap_through_new(THTensor *cdata):
    """wrap_tensor with Cython's slots: __cinit__ leaves cdata to us."""
    global _wrapping
    cdef Tensor t
    _wrapping = True
    try:
        t = Tensor.__new__(Tensor)
    except BaseException:
        _wrapping = False
        THTensor_free(cdata)
        raise
    if _wrapping:
        _wrapping = False
    elif t.cdata != NULL:  # a nested construction took the flag: drop its tensor
        THTensor_free(t.cdata)
    t.cdata = cdata
    return t


cdef _install_fast_slots():
    global _tensor_type, _cdata_offset
    cdef TypeSlots *tp = <TypeSlots *>Tensor
    if not THDebug_isCaching():
        return  # TH_NO_CACHE or ASan: Cython's slots, no freelist hiding a use after free
    cdef Tensor probe = _wrap_through_new(THTensor_new(TH_FLOAT32))
    cdef Py_ssize_t offset = <char *>&probe.cdata - <char *><PyObject *>probe
    if (tp.tp_flags & (Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HEAPTYPE) == 0
            and tp.tp_dictoffset == 0 and tp.tp_weaklistoffset == 0
            and tp.tp_basicsize == offset + <Py_ssize_t>sizeof(THTensor *)):
        _cdata_offset = offset
        tp.tp_dealloc = _tensor_dealloc
        _tensor_type = tp
        _fill_freelist()


cdef _fill_freelist():
    """The freelist starts full (64 objects, ~1.5 KiB): it then never grows,
    so the memory blocks a program holds do not creep up as objects made by
    th.Tensor(...) (Cython's tp_new, not the freelist) die into it."""
    global _nfree
    cdef PyObject *o
    while _nfree < FREELIST_SIZE:
        o = raw_PyType_GenericAlloc(_tensor_type, 0)
        if o == NULL:
            raise MemoryError()
        _freelist[_nfree] = o
        _nfree += 1


_install_fast_slots()


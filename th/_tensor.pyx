# cython: embedsignature.format=clinic
# (Tensor's methods are plain method descriptors, see binding(False) below;
# clinic-format signatures keep inspect.signature working for them.)
"""th.Tensor: a Python object holding one reference to a C THTensor.

Nothing about a tensor's geometry is stored on the Python side: every query
reads the C struct, so creating a view is one C call plus one object."""
cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int64_t, uint64_t, uintptr_t

import importlib
import weakref

cimport th._errors
from th._args cimport as_dim, as_int64, index_of, is_integer
from th._buffer cimport export_buffer, release_buffer
from th._dtype cimport as_scalar_type, dtype_of
from th._elements cimport NUMBER_FLOAT, NUMBER_INT64, as_fill_value, read_element
from th._indexing cimport index_view
from th._shape cimport has_shape, parse_shape
from th._storage cimport Storage, wrap_storage
from th.libTH cimport *
from th._errors import ArgumentError, Error, OutOfRange
from th._dtype import dtype as _dtype_class

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
@cython.no_gc  # no GC header or traversal per view: attributes (__dict__) are not traversed
cdef class Tensor:
    """A strided view of a th.Storage: (storage, offset, sizes, strides).

    ``th.Tensor(2, 3, dtype=th.float32)`` makes an uninitialised tensor,
    ``th.Tensor(storage)`` a 1-d view of a whole storage, and
    ``th.Tensor([[1, 2], [3, 4]])`` a float32 copy of nested data; the
    factories (th.empty, th.zeros, th.tensor, ...) say more.

    >>> th.Tensor(2, 3).shape
    (2, 3)
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
            t = THTensor_new(<THScalarType>as_scalar_type(dtype, THScalarType_defaultFloat()))
        elif len(args) == 1 and isinstance(args[0], Storage):
            if dtype is not None:
                raise TypeError("th.Tensor(storage) takes the storage's dtype")
            _remember_storage_object(args[0])  # Python code: before t exists to leak
            t = THTensor_newWithStorage((<Storage>args[0]).cdata)
        elif len(args) == 1 and not isinstance(args[0], tuple) and not _is_size(args[0]):
            from th._factories import tensor
            other = tensor(args[0], dtype=dtype_of(THScalarType_defaultFloat()) if dtype is None
                           else dtype)
            t = (<Tensor>other).cdata
            THTensor_retain(t)
        else:
            nd = parse_shape(args, size, "size")
            t = THTensor_newWithSize(
                <THScalarType>as_scalar_type(dtype, THScalarType_defaultFloat()), nd, size, NULL)
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
        """The sizes, as a tuple.

        >>> th.arange(6.0).view(2, 3).shape
        (2, 3)
        """
        return _int64_tuple(THTensor_sizes(self.cdata), THTensor_nDimension(self.cdata))

    def size(self, dim=None):
        """The sizes as a tuple, or the size of one dim (negative: from the end).

        >>> th.arange(6.0).view(2, 3).size(), th.arange(6.0).view(2, 3).size(-1)
        ((2, 3), 3)
        """
        if dim is None:
            return _int64_tuple(THTensor_sizes(self.cdata), THTensor_nDimension(self.cdata))
        return THTensor_size(self.cdata, as_dim(dim, "size(): dim"))

    def stride(self, dim=None):
        """The strides (in elements) as a tuple, or the stride of one dim.

        >>> th.arange(6.0).view(2, 3).stride(), th.arange(6.0).view(2, 3).t().stride(0)
        ((3, 1), 1)
        """
        if dim is None:
            return _int64_tuple(THTensor_strides(self.cdata), THTensor_nDimension(self.cdata))
        return THTensor_stride(self.cdata, as_dim(dim, "stride(): dim"))

    def storage_offset(self):
        """Offset of the first element in the storage, in elements.

        >>> th.arange(5)[2:].storage_offset()
        2
        """
        return THTensor_storageOffset(self.cdata)

    def dim(self):
        """The number of dims.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dim()
        2
        """
        return THTensor_nDimension(self.cdata)

    def ndimension(self):
        """The number of dims: dim()'s other name.

        >>> th.zeros(2, 3).ndimension()
        2
        """
        return THTensor_nDimension(self.cdata)

    @property
    def ndim(self):
        """The number of dims (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).ndim
        2
        """
        return THTensor_nDimension(self.cdata)

    def numel(self):
        """The number of elements.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).numel()
        4
        """
        return THTensor_nElement(self.cdata)

    def nelement(self):
        """The number of elements (numel()).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).nelement()
        4
        """
        return THTensor_nElement(self.cdata)

    @property
    def dtype(self):
        """The element type, a th.dtype.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dtype
        th.float32
        """
        return dtype_of(THTensor_dtype(self.cdata))

    def element_size(self):
        """Bytes per element.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).element_size()
        4
        """
        return THTensor_elementSize(self.cdata)

    @property
    def itemsize(self):
        """Bytes per element (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).itemsize
        4
        """
        return THTensor_elementSize(self.cdata)

    @property
    def nbytes(self):
        """Bytes the elements take: numel() * element_size() (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).nbytes
        16
        """
        return THTensor_nElement(self.cdata) * <int64_t>THTensor_elementSize(self.cdata)

    def is_contiguous(self):
        """True if the elements lie in row-major order without gaps.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.is_contiguous(), t.t().is_contiguous()
        (True, False)
        """
        return THTensor_isContiguous(self.cdata) != 0

    def is_set_to(self, Tensor other not None):
        """True if both view the same storage with the same geometry.

        >>> t = th.arange(4.0)
        >>> t.is_set_to(t.view(4)), t.is_set_to(t.view(2, 2))
        (True, False)
        """
        return THTensor_isSetTo(self.cdata, other.cdata) != 0

    # ------------------------------------------------------- views
    # Each returns a new th.Tensor over the same storage (its refcount goes
    # up by one while the view lives); nothing is copied.

    def narrow(self, dim, start, length):
        """Elements start .. start + length - 1 of dim (start may be negative).

        >>> th.arange(5).narrow(0, 1, 3)
        tensor([1, 2, 3])
        """
        return wrap_tensor(THTensor_newNarrow(self.cdata, as_dim(dim, "narrow(): dim"),
                                              as_int64(start, "narrow(): start"),
                                              as_int64(length, "narrow(): length")))

    def select(self, dim, index):
        """The slice at index of dim, with that dim removed.

        >>> th.arange(6.0).view(2, 3).select(1, 0)
        tensor([0., 3.])
        """
        return wrap_tensor(THTensor_newSelect(self.cdata, as_dim(dim, "select(): dim"),
                                              as_int64(index, "select(): index")))

    def transpose(self, dim0, dim1):
        """dims dim0 and dim1 swapped, a view.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).transpose(0, 1)
        tensor([[1., 3.],
                [2., 4.]])
        """
        return wrap_tensor(THTensor_newTranspose(self.cdata, as_dim(dim0, "transpose(): dim0"),
                                                 as_dim(dim1, "transpose(): dim1")))

    def t_(self):
        """In place t(): this tensor's dims 0 and 1 swapped (at most 2 dims).

        >>> th.zeros(2, 3).t_().shape
        (3, 2)
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd > 2:
            raise ArgumentError(f"t_() expects a tensor with <= 2 dimensions, but self is {nd}D")
        if nd == 2:
            THTensor_transpose(self.cdata, NULL, 0, 1)
        return self

    def t(self):
        """transpose(0, 1) of a 2-dim tensor; a 0- or 1-dim tensor as it is.

        >>> th.arange(6.0).view(2, 3).t()
        tensor([[0., 3.],
                [1., 4.],
                [2., 5.]])
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd < 2:
            return wrap_tensor(THTensor_newWithTensor(self.cdata))
        if nd > 2:
            raise ArgumentError(f"t() expects a tensor with at most 2 dimensions, got {nd}; "
                                f"use transpose(dim0, dim1)")
        return wrap_tensor(THTensor_newTranspose(self.cdata, 0, 1))

    @property
    def T(self):
        """The dims in reverse order (numpy's .T).

        >>> th.arange(6.0).view(2, 3).T.shape
        (3, 2)
        """
        cdef int dims[TH_MAX_DIMS]
        cdef int i, nd = THTensor_nDimension(self.cdata)
        for i in range(nd):
            dims[i] = nd - 1 - i
        return wrap_tensor(THTensor_newPermute(self.cdata, dims))

    def permute(self, *dims_, dims=None):
        """permute(2, 0, 1), permute((2, 0, 1)) or permute(dims=(2, 0, 1)): dim
        i of the result is dim dims[i] of this tensor.

        >>> th.zeros(2, 3, 4).permute(2, 0, 1).shape
        (4, 2, 3)
        """
        cdef int64_t parsed[TH_MAX_DIMS]
        cdef int cdims[TH_MAX_DIMS]
        cdef int i, n = parse_shape(_one_form("permute", dims_, dims, "dims"), parsed, "dims")
        if n != THTensor_nDimension(self.cdata):
            raise ArgumentError(f"permute: {n} dims given for a tensor of "
                                f"{THTensor_nDimension(self.cdata)} dimensions")
        for i in range(n):
            if parsed[i] < -n or parsed[i] >= n:
                raise OutOfRange(f"permute: dim {parsed[i]} out of range for a {n}-dim tensor")
            cdims[i] = <int>parsed[i]
        return wrap_tensor(THTensor_newPermute(self.cdata, cdims))

    def unfold(self, dimension, size, step):
        """Every slice of size elements along dimension, step apart, as a new last dim.

        >>> th.arange(5).unfold(0, 2, 1)
        tensor([[0, 1],
                [1, 2],
                [2, 3],
                [3, 4]])
        """
        return wrap_tensor(THTensor_newUnfold(self.cdata, as_dim(dimension, "unfold(): dimension"),
                                              as_int64(size, "unfold(): size"),
                                              as_int64(step, "unfold(): step")))

    def expand(self, *sizes, size=None):
        """Broadcast to sizes (or size=) without copying: size-1 dims stretch
        with stride 0, new leading dims are added, -1 keeps a size.

        >>> th.tensor([1, 2]).expand(2, -1)
        tensor([[1, 2],
                [1, 2]])
        """
        cdef int64_t s[TH_MAX_DIMS]
        cdef int n = parse_shape(_one_form("expand", sizes, size, "size"), s, "sizes")
        return wrap_tensor(THTensor_newExpand(self.cdata, n, s))

    def expand_as(self, Tensor other not None):
        """expand() to other's shape.

        >>> th.tensor([1, 2]).expand_as(th.zeros(2, 2))
        tensor([[1, 2],
                [1, 2]])
        """
        return wrap_tensor(THTensor_newExpand(self.cdata, THTensor_nDimension(other.cdata),
                                              THTensor_sizes(other.cdata)))

    def view(self, *shape):
        """The same elements with a new shape (one size may be -1), sharing the
        storage; ValueError when the strides cannot express it (use reshape).
        view(dtype): the same bytes read as dtype (th._views.view_dtype).

        >>> th.arange(6).view(3, -1)
        tensor([[0, 1],
                [2, 3],
                [4, 5]])
        """
        cdef int64_t s[TH_MAX_DIMS]
        if len(shape) == 1 and isinstance(shape[0], _dtype_class):
            return _th_module("_views").view_dtype(self, shape[0])
        cdef int n = parse_shape(shape, s, "shape")
        return wrap_tensor(THTensor_newView(self.cdata, n, s))

    def reshape(self, *shape_, shape=None):
        """view() when possible, else a view of a contiguous copy; reshape(2, 3),
        reshape((2, 3)) or reshape(shape=(2, 3)).

        >>> th.arange(6.0).view(2, 3).t().reshape(6)
        tensor([0., 3., 1., 4., 2., 5.])
        """
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
        its size is 1).

        >>> th.zeros(1, 2, 1).squeeze().shape
        (2,)
        """
        if dim is None:
            return wrap_tensor(THTensor_newSqueeze(self.cdata))
        if not isinstance(dim, (tuple, list)):
            return wrap_tensor(THTensor_newSqueeze1d(self.cdata, as_dim(dim, "squeeze(): dim")))
        cdef int nd = THTensor_nDimension(self.cdata)
        cdef int span = nd if nd > 0 else 1  # as squeeze(0) of a 0-dim tensor
        wrapped = set()
        for d in dim:
            d = as_dim(d, "squeeze(): dim")
            if not -span <= d < span:
                raise OutOfRange(f"squeeze: dim {d} out of range for a {nd}-dim tensor "
                                 f"(expected in [{-span}, {span - 1}])")
            if d % span in wrapped:
                raise ArgumentError(f"squeeze: dim {d % span} appears twice in {tuple(dim)}")
            wrapped.add(d % span)
        result = self.view(self.shape)  # a new view even when nothing is squeezed
        for d in sorted(wrapped, reverse=True):  # from the last: earlier dims keep their index
            result = result.squeeze(d)
        return result

    def unsqueeze(self, dim):
        """A size-1 dim inserted at dim (in [-(ndim + 1), ndim]).

        >>> th.tensor([1, 2]).unsqueeze(1)
        tensor([[1],
                [2]])
        """
        return wrap_tensor(THTensor_newUnsqueeze1d(self.cdata, as_dim(dim, "unsqueeze(): dim")))

    def flatten(self, start_dim=0, end_dim=-1):
        """Dims start_dim .. end_dim merged into one (a view when possible).

        >>> th.arange(6.0).view(2, 3).flatten()
        tensor([0., 1., 2., 3., 4., 5.])
        """
        start_dim = as_dim(start_dim, "flatten(): start_dim")
        end_dim = as_dim(end_dim, "flatten(): end_dim")
        cdef int nd = THTensor_nDimension(self.cdata)
        cdef const int64_t *sizes = THTensor_sizes(self.cdata)
        cdef int64_t s[TH_MAX_DIMS]
        cdef int i, n = 0
        cdef int start = start_dim + nd if start_dim < 0 else start_dim
        cdef int end = end_dim + nd if end_dim < 0 else end_dim
        if nd == 0:  # a scalar flattens to one element; its dims are as if 1-dim
            if not (-1 <= start_dim <= 0 and -1 <= end_dim <= 0):
                raise OutOfRange(f"flatten: dims {start_dim}..{end_dim} out of range for a "
                                 f"0-dim tensor (expected in [-1, 0])")
            s[0] = 1
            return wrap_tensor(THTensor_newReshape(self.cdata, 1, s))
        if not (0 <= start < nd and 0 <= end < nd):
            raise OutOfRange(f"flatten: dims {start_dim}..{end_dim} out of range for a "
                             f"{nd}-dim tensor (expected in [{-nd}, {nd - 1}])")
        if start > end:
            raise ArgumentError(f"flatten: start_dim {start_dim} comes after end_dim {end_dim}")
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
        """Any geometry over this tensor's storage (checked to lie inside it).

        >>> th.arange(4.0).as_strided((2, 2), (1, 1))
        tensor([[0., 1.],
                [1., 2.]])
        """
        cdef int64_t sz[TH_MAX_DIMS]
        cdef int64_t st[TH_MAX_DIMS]
        cdef int n = parse_shape((size,), sz, "size")
        if parse_shape((stride,), st, "stride") != n:
            raise ArgumentError(f"as_strided: {n} sizes but {len(stride)} strides")
        cdef int64_t offset = (THTensor_storageOffset(self.cdata) if storage_offset is None
                               else as_int64(storage_offset, "as_strided(): storage_offset"))
        return wrap_tensor(THTensor_newAsStrided(self.cdata, n, sz, st, offset))

    def diagonal(self, offset=0, dim1=0, dim2=1):
        """The diagonal of dims dim1 and dim2 as a new last dim (torch.diagonal).

        >>> th.arange(6.0).view(2, 3).diagonal()
        tensor([0., 4.])
        >>> th.arange(6.0).view(2, 3).diagonal(1)
        tensor([1., 5.])
        """
        return wrap_tensor(THTensor_newDiagonal(self.cdata, as_int64(offset, "diagonal(): offset"),
                                                as_dim(dim1, "diagonal(): dim1"),
                                                as_dim(dim2, "diagonal(): dim2")))

    # ----------------------------------- torch's reshaping helpers
    # Views (movedim ... unbind) and flip, a copy. Errors raise torch's classes:
    # IndexError for a dim out of range, RuntimeError for what does not fit.

    def view_as(self, Tensor other not None):
        """view() with other's shape.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).view_as(th.zeros(4))
        tensor([1., 2., 3., 4.])
        """
        return self.view(other.shape)

    def reshape_as(self, Tensor other not None):
        """reshape() to other's shape.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).t().reshape_as(th.zeros(4))
        tensor([1., 3., 2., 4.])
        """
        return self.reshape(other.shape)

    def movedim(self, source, destination):
        """Dims source (an int or a sequence) moved to positions destination;
        the other dims keep their order.

        >>> th.zeros(2, 3, 4).movedim((0, 1), (2, 0)).shape
        (3, 4, 2)
        """
        cdef int order[TH_MAX_DIMS]
        cdef int nd = THTensor_nDimension(self.cdata)
        src = _wrapped_dims("movedim", source, nd, "source")
        dst = _wrapped_dims("movedim", destination, nd, "destination")
        if len(src) != len(dst):
            raise Error(f"movedim: source ({list(src)}, {len(src)} dims) and destination "
                        f"({list(dst)}, {len(dst)} dims) must have the same length")
        rest = iter([d for d in range(nd) if d not in src])
        moved = dict(zip(dst, src))
        for i in range(nd):
            order[i] = moved[i] if i in moved else next(rest)
        return wrap_tensor(THTensor_newPermute(self.cdata, order))

    moveaxis = movedim

    def swapaxes(self, axis0, axis1):
        """numpy's name of transpose().

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).swapaxes(0, 1).stride()
        (1, 2)
        """
        return wrap_tensor(THTensor_newTranspose(self.cdata, as_dim(axis0, "swapaxes(): axis0"),
                                                 as_dim(axis1, "swapaxes(): axis1")))

    def swapdims(self, dim0, dim1):
        """Another name of transpose().

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).swapdims(0, 1).stride()
        (1, 2)
        """
        return wrap_tensor(THTensor_newTranspose(self.cdata, as_dim(dim0, "swapdims(): dim0"),
                                                 as_dim(dim1, "swapdims(): dim1")))

    @property
    def mT(self):
        """The last two dims swapped (a batch of matrices transposed); a
        0-dim tensor itself, as torch (deprecated there, so it warns).

        >>> th.arange(6.0).view(2, 3).mT.shape
        (3, 2)
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd == 0:
            import warnings
            warnings.warn("Tensor.mT is deprecated on 0-D tensors. This function is the "
                          "identity in these cases.", UserWarning, stacklevel=1)
            return self
        if nd < 2:
            raise Error(f"tensor.mT is only supported on matrices or batches of "
                        f"matrices. Got {nd}-D tensor.")
        return wrap_tensor(THTensor_newTranspose(self.cdata, -2, -1))

    @property
    def mH(self):
        """The last two dims swapped and conjugated, as adjoint(): a view for real
        dtypes, a copy for complex ones (th has no lazy conjugate).

        >>> th.tensor([[1 + 2j, 3.0]]).mH
        tensor([[1.-2.j],
                [3.-0.j]])
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd == 0:
            return _conjugate_of_scalar(self, "mH")
        if nd < 2:
            raise Error(f"tensor.mH is only supported on matrices or batches of matrices. "
                        f"Got {nd}-D tensor.")
        return self.adjoint()

    @property
    def H(self):
        """A matrix's conjugate transpose (2 dims only; mH for batches): a view for
        real dtypes, a copy for complex ones.

        >>> th.tensor([[1.0, 2.0]]).H
        tensor([[1.],
                [2.]])
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd == 0:
            return _conjugate_of_scalar(self, "H")
        if nd != 2:
            raise Error(f"tensor.H is only supported on matrices (2-D tensors). Got {nd}-D "
                        f"tensor. For batches of matrices, consider using tensor.mH")
        return self.adjoint()

    def unflatten(self, dim, sizes):
        """Dim dim split into sizes (a tuple or list; one may be -1), a view.

        >>> th.arange(6).unflatten(0, (2, 3))
        tensor([[0, 1, 2],
                [3, 4, 5]])
        """
        cdef int64_t s[TH_MAX_DIMS]
        cdef int nd = THTensor_nDimension(self.cdata)
        if not isinstance(sizes, (tuple, list)):
            raise TypeError(f"unflatten: sizes must be a tuple or list of ints, "
                            f"got {type(sizes).__name__}")
        if nd == 0:
            raise Error("unflatten: a 0-dim tensor has no dim to unflatten")
        cdef int d = _wrapped_dim("unflatten", dim, nd)
        cdef int k = parse_shape((sizes,), s, "sizes")
        if k == 0:
            raise Error("unflatten: sizes must be non-empty")
        want = [s[i] for i in range(k)]
        n = THTensor_sizes(self.cdata)[d]
        known = 1
        for v in want:
            known *= v if v != -1 else 1
        if -1 in want:
            fits = want.count(-1) == 1 and known > 0 and n % known == 0
        else:
            fits = known == n
        if not fits or any([v < -1 for v in want]):
            raise Error(f"unflatten: provided sizes {want} don't multiply up to the size "
                        f"of dim {d} ({n}) in the input tensor")
        if -1 in want:
            want[want.index(-1)] = n // known
        return self.view(self.shape[:d] + tuple(want) + self.shape[d + 1:])

    def chunk(self, chunks, dim=0):
        """At most chunks views along dim, each ceil(size / chunks) long but
        the last (a tuple, as torch).

        >>> th.arange(5).chunk(2)
        (tensor([0, 1, 2]), tensor([3, 4]))
        """
        chunks = as_int64(chunks, "chunk(): chunks")
        cdef int d = _split_dim("chunk", self.cdata, dim)
        if chunks <= 0:
            raise Error(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
        cdef int64_t n = THTensor_sizes(self.cdata)[d]
        if n == 0:  # torch: chunks empty pieces, not one
            return tuple([wrap_tensor(THTensor_newNarrow(self.cdata, d, 0, 0))
                          for _ in range(chunks)])
        return self.split((n + chunks - 1) // chunks, d)

    def split(self, split_size, dim=0):
        """Views along dim, each split_size long (the last may be shorter), or
        of the given sizes (a sequence summing to the dim's size).

        >>> th.arange(5).split(2)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
        cdef int d = _split_dim("split", self.cdata, dim)
        cdef int64_t n = THTensor_sizes(self.cdata)[d], start = 0, size, count
        if isinstance(split_size, (tuple, list)):
            parts = [index_of(v, f"split(): split_size[{i}]") for i, v in enumerate(split_size)]
            if any([v < 0 for v in parts]) or sum(parts) != n:
                raise Error(f"split_with_sizes expects split_sizes to be non-negative "
                            f"and to sum exactly to {n} (the input tensor's size at "
                            f"dimension {d}), but got split_sizes={parts}")
        else:
            size = index_of(split_size, "split(): split_size")
            if size < 0 or (size == 0 and n != 0):
                raise Error(f"split expects split_size to be positive (or 0 for a dim "
                            f"of size 0), but got split_size={size} for dimension {d} "
                            f"of size {n}")
            count = max((n + size - 1) // size, 1) if size else 1
            parts = [min(size, n - i * size) for i in range(count)]
        out = []
        for size in parts:
            out.append(wrap_tensor(THTensor_newNarrow(self.cdata, d, start, size)))
            start += size
        return tuple(out)

    def unsafe_chunk(self, chunks, dim=0):
        """chunk() (torch's form without its autograd checks; th has no autograd).

        >>> th.arange(5).unsafe_chunk(2)
        (tensor([0, 1, 2]), tensor([3, 4]))
        """
        return self.chunk(chunks, dim)

    def unsafe_split(self, split_size, dim=0):
        """split() (torch's form without its autograd checks; th has no autograd).

        >>> th.arange(5).unsafe_split(2)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
        if isinstance(split_size, (tuple, list)):
            raise TypeError(f"unsafe_split(): argument 'split_size' (position 1) must be int, "
                            f"not {type(split_size).__name__} (split() takes sizes)")
        return self.split(split_size, dim)

    def unbind(self, dim=0):
        """The slices along dim, each without it (a tuple of views).

        >>> th.arange(6.0).view(2, 3).unbind(1)
        (tensor([0., 3.]), tensor([1., 4.]), tensor([2., 5.]))
        """
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd == 0:
            raise OutOfRange("unbind: dimension specified as 0 but tensor has no dimensions")
        cdef int d = _wrapped_dim("unbind", dim, nd)
        return tuple([wrap_tensor(THTensor_newSelect(self.cdata, d, i))
                      for i in range(THTensor_sizes(self.cdata)[d])])

    def flip(self, *dims_, dims=None):
        """A contiguous copy with the elements of each of dims in reverse
        order: flip(0, 2), flip((0, 2)) or flip(dims=(0, 2)).

        >>> th.arange(6.0).view(2, 3).flip(1)
        tensor([[2., 1., 0.],
                [5., 4., 3.]])
        """
        cdef int cdims[TH_MAX_DIMS]
        cdef int i
        if not dims_ and dims is None:
            raise TypeError("flip() missing its dims: flip(0), flip((0, 1)) or flip(dims=())")
        wrapped = _wrapped_dims("flip", _one_form("flip", dims_, dims, "dims"),
                                THTensor_nDimension(self.cdata), "dims", unique=False)
        cdef int n = <int>len(wrapped)
        cdef THTensor *r
        cdef THTensor *src
        for i in range(n):
            cdims[i] = wrapped[i]
        if not _long_copy(self.cdata):
            return wrap_tensor(THTensor_newFlip(self.cdata, n, cdims))
        src = pinned_snapshot(self.cdata)  # as clone(): a long copy runs without the GIL
        try:
            with nogil:
                r = THTensor_newFlip(src, n, cdims)
        finally:
            release_snapshot(src)
        return wrap_tensor(r)

    # ------------------------- combinators and function forms as methods
    # (th/_views.py, th/_combine.py, th/_einsum.py say more)
    def repeat(self, *repeats):
        """self repeated repeats[i] times along dim i (a new tensor).

        >>> th.tensor([1, 2]).repeat(2, 2)
        tensor([[1, 2, 1, 2],
                [1, 2, 1, 2]])
        """
        return _th_module("_combine").repeat(self, *repeats)

    def repeat_interleave(self, repeats, dim=None, *, output_size=None):
        """Each element (or slice along dim) repeated repeats times in a row.

        >>> th.tensor([1, 2]).repeat_interleave(2)
        tensor([1, 1, 2, 2])
        >>> th.tensor([1, 2]).repeat_interleave(th.tensor([1, 3]))
        tensor([1, 2, 2, 2])
        """
        return _th_module("_combine").repeat_interleave(self, repeats, dim,
                                                        output_size=output_size)

    def tile(self, *dims):
        """self repeated dims[i] times along dim i, dims padded with leading 1s.

        >>> th.tensor([[1, 2]]).tile((2,))
        tensor([[1, 2, 1, 2]])
        """
        if len(dims) == 1 and not is_integer(dims[0]):
            dims = dims[0]
        return _th_module("_combine").tile(self, dims)

    def roll(self, shifts, dims=None):
        """The elements shifted by shifts along dims, wrapping around (flattened without dims).

        >>> th.arange(5).roll(2)
        tensor([3, 4, 0, 1, 2])
        """
        return _th_module("_combine").roll(self, shifts, dims)

    def rot90(self, k=1, dims=(0, 1)):
        """Rotated by 90 degrees k times in the plane of dims.

        >>> th.tensor([[1, 2], [3, 4]]).rot90()
        tensor([[2, 4],
                [1, 3]])
        """
        return _th_module("_combine").rot90(self, k, dims)

    def broadcast_to(self, size):
        """expand() to a shape that broadcasting rules allow, a view.

        >>> th.tensor([1, 2]).broadcast_to((2, 2))
        tensor([[1, 2],
                [1, 2]])
        """
        return _th_module("_combine").broadcast_to(self, size)

    def take_along_dim(self, indices, dim=None):
        """The elements at indices along dim (gather with broadcasting).

        >>> th.tensor([[10, 30, 20]]).take_along_dim(th.tensor([[1, 0]]), dim=1)
        tensor([[30, 10]])
        """
        return _th_module("_combine").take_along_dim(self, indices, dim)

    def masked_fill(self, mask, value):
        """A new tensor: self, with value where mask is true (broadcast).

        >>> th.zeros(3).masked_fill(th.tensor([True, False, True]), 1.0)
        tensor([1., 0., 1.])
        """
        return _th_module("_combine").masked_fill(self, mask, value)

    def outer(self, vec2):
        """The outer product of two 1-dim tensors.

        >>> th.tensor([1, 2]).outer(th.tensor([3, 4]))
        tensor([[3, 4],
                [6, 8]])
        """
        return _th_module("_einsum").outer(self, vec2)

    def ger(self, vec2):
        """outer(): the outer product of two 1-dim tensors.

        >>> th.tensor([1, 2]).ger(th.tensor([3, 4]))
        tensor([[3, 4],
                [6, 8]])
        """
        return _th_module("_einsum").outer(self, vec2)

    def inner(self, other):
        """The sum of products over the last dims of both.

        >>> th.tensor([1, 2]).inner(th.tensor([3, 4]))
        tensor(11)
        """
        return _th_module("_einsum").inner(self, other)

    def adjoint(self):
        """The last two dims swapped and conjugated (a view; for complex dtypes a copy).

        >>> th.tensor([[1 + 1j, 2.0]]).adjoint()
        tensor([[1.-1.j],
                [2.-0.j]])
        """
        return _th_module("_views").adjoint(self)

    def ravel(self):
        """self as one dim: a view when contiguous, else a copy.

        >>> th.arange(6).view(2, 3).t().ravel()
        tensor([0, 3, 1, 4, 2, 5])
        """
        return self.reshape(-1)

    @property
    def real(self):
        """The real parts (a view) of a complex tensor; a real tensor itself.

        >>> th.tensor([1 + 2j, 3 - 4j]).real
        tensor([1., 3.])
        """
        return _th_module("_views").real(self)

    @property
    def imag(self):
        """The imaginary parts (a view) of a complex tensor.

        >>> th.tensor([1 + 2j, 3 - 4j]).imag
        tensor([ 2., -4.])
        """
        return _th_module("_views").imag(self)

    def fliplr(self):
        """A copy with dim 1 reversed.

        >>> th.tensor([[1, 2], [3, 4]]).fliplr()
        tensor([[2, 1],
                [4, 3]])
        """
        return _th_module("_combine").fliplr(self)

    def flipud(self):
        """A copy with dim 0 reversed.

        >>> th.tensor([[1, 2], [3, 4]]).flipud()
        tensor([[3, 4],
                [1, 2]])
        """
        return _th_module("_combine").flipud(self)

    def narrow_copy(self, dim, start, length):
        """narrow(), copied.

        >>> th.arange(5).narrow_copy(0, 1, 3)
        tensor([1, 2, 3])
        """
        return _th_module("_views").narrow_copy(self, dim, start, length)

    def select_scatter(self, src, dim, index):
        """A copy whose slice select(dim, index) holds src (th.select_scatter).

        >>> th.zeros(2, 2).select_scatter(th.ones(2), 0, 0)
        tensor([[1., 1.],
                [0., 0.]])
        """
        return _th_module("_views").select_scatter(self, src, dim, index)

    def slice_scatter(self, src, dim=0, start=None, end=None, step=1):
        """A copy whose elements start:end:step along dim hold src (th.slice_scatter).

        >>> th.zeros(4).slice_scatter(th.ones(2), start=1, end=3)
        tensor([0., 1., 1., 0.])
        """
        return _th_module("_views").slice_scatter(self, src, dim, start, end, step)

    def diagonal_scatter(self, src, offset=0, dim1=0, dim2=1):
        """A copy whose diagonal(offset, dim1, dim2) holds src (th.diagonal_scatter).

        >>> th.zeros(2, 2).diagonal_scatter(th.ones(2))
        tensor([[1., 0.],
                [0., 1.]])
        """
        return _th_module("_views").diagonal_scatter(self, src, offset, dim1, dim2)

    def tensor_split(self, indices_or_sections, dim=0):
        """Views along dim: a number of near-equal parts or the indices to split at.

        >>> th.arange(5).tensor_split(3)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
        return _th_module("_views").tensor_split(self, indices_or_sections, dim)

    def hsplit(self, indices_or_sections):
        """Views along dim 1 (dim 0 of a 1-dim tensor): a number of equal parts or the indices
        to split at.

        >>> th.arange(6).hsplit(3)
        (tensor([0, 1]), tensor([2, 3]), tensor([4, 5]))
        """
        return _th_module("_views").hsplit(self, indices_or_sections)

    def vsplit(self, indices_or_sections):
        """Views along dim 0: a number of equal parts or the indices to split at.

        >>> [p.shape for p in th.zeros(4, 2).vsplit(2)]
        [(2, 2), (2, 2)]
        """
        return _th_module("_views").vsplit(self, indices_or_sections)

    def dsplit(self, indices_or_sections):
        """Views along dim 2: a number of equal parts or the indices to split at.

        >>> [p.shape for p in th.zeros(1, 1, 4).dsplit(2)]
        [(1, 1, 2), (1, 1, 2)]
        """
        return _th_module("_views").dsplit(self, indices_or_sections)

    def type(self, dtype=None, non_blocking=False):
        """type(): 'th.FloatTensor' and so on (torch says 'torch.FloatTensor');
        type(dtype) or type('torch.DoubleTensor' / 'th.DoubleTensor'): self
        converted (itself when of that type already).

        >>> th.zeros(1).type()
        'th.FloatTensor'
        >>> th.zeros(1).type(th.int64).dtype
        th.int64
        """
        return _th_module("_views").type_(self, dtype)

    # (other keywords go to the factory: device= and the like where it takes them)
    def new_tensor(self, data, *, dtype=None, **kwargs):
        """A copy of data as a tensor of dtype (default: self's).

        >>> th.ones(1, dtype=th.float64).new_tensor([1, 2])
        tensor([1., 2.], dtype=th.float64)
        """
        return _th_module("_factories").tensor(
            data, dtype=self.dtype if dtype is None else dtype, **kwargs)

    def new_empty(self, *size, dtype=None, **kwargs):
        """An uninitialised tensor of size, of dtype (default: self's).

        >>> th.ones(2, dtype=th.int32).new_empty(3).dtype
        th.int32
        """
        return _th_module("_factories").empty(
            *size, dtype=self.dtype if dtype is None else dtype, **kwargs)

    def new_zeros(self, *size, dtype=None, **kwargs):
        """Zeros of size, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.int8).new_zeros(2, 2)
        tensor([[0, 0],
                [0, 0]], dtype=th.int8)
        """
        return _th_module("_factories").zeros(
            *size, dtype=self.dtype if dtype is None else dtype, **kwargs)

    def new_ones(self, *size, dtype=None, **kwargs):
        """Ones of size, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.float64).new_ones(2)
        tensor([1., 1.], dtype=th.float64)
        """
        return _th_module("_factories").ones(
            *size, dtype=self.dtype if dtype is None else dtype, **kwargs)

    def new_full(self, size, fill_value, *, dtype=None, **kwargs):
        """A tensor of size filled with fill_value, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.int32).new_full((2,), 7)
        tensor([7, 7], dtype=th.int32)
        """
        return _th_module("_factories").full(
            size, fill_value, dtype=self.dtype if dtype is None else dtype, **kwargs)

    def __getitem__(self, index):
        cdef THTensor *view = index_view(self.cdata, index)
        if view == NULL:  # an advanced index: a copy
            return _gather().getitem(self, index)
        return wrap_tensor(view)

    def __setitem__(self, index, value):
        cdef THTensor *view = index_view(self.cdata, index)
        if view == NULL:  # an advanced index: written through
            _gather().setitem(self, index, value)
            return
        cdef THTensor *wider
        cdef int k
        try:
            if not isinstance(value, Tensor) and not isinstance(value, _expr_ops().Expr) \
                    and hasattr(value, "__len__"):
                from th._factories import tensor
                value = tensor(value, dtype=dtype_of(THTensor_dtype(view)))
            if isinstance(value, Tensor) or isinstance(value, _expr_ops().Expr):
                # torch drops a value's leading size-1 dims beyond the
                # destination's (a [1, 5] value into a [5] one): a tensor's
                # are selected away, an expression's met by size-1 dims put
                # in front of the destination
                shape = value.shape
                k = len(shape) - THTensor_nDimension(view)
                if k > 0 and all([n == 1 for n in shape[:k]]):
                    if isinstance(value, Tensor):
                        value = value[(0,) * k]
                    else:
                        for _ in range(k):
                            wider = THTensor_newUnsqueeze1d(view, 0)
                            THTensor_free(view)
                            view = wider
            assign(view, value)
        finally:
            THTensor_free(view)

    # ------------------------------------------------ the gather family
    # torch's names and rules, in th/_gather.pyx over THTensorIndex.h
    def index_select(self, dim, index):
        """The entries at index (a 1-dim integer tensor) along dim, copied.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).index_select(0, th.tensor([1, 1]))
        tensor([[3., 4.],
                [3., 4.]])
        """
        return _gather().index_select(self, dim, index)

    def gather(self, dim, index):
        """out[i][j] = self[index[i][j]][j] for dim 0 (and so on for other dims).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).gather(1, th.tensor([[1], [0]]))
        tensor([[2.],
                [3.]])
        """
        return _gather().gather(self, dim, index)

    def masked_select(self, mask):
        """The elements where mask is true, as a 1-dim copy.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.masked_select(t > 1.5)
        tensor([2., 3., 4.])
        """
        return _gather().masked_select(self, mask)

    def nonzero(self, *, as_tuple=False):
        """The indices of the nonzero elements, one row each (as_tuple=True: one tensor per
        dim).

        >>> th.tensor([[0, 1], [2, 0]]).nonzero()
        tensor([[0, 1],
                [1, 0]])
        """
        return _gather().nonzero(self, as_tuple=as_tuple)

    def scatter_(self, dim, index, src=None, *, value=None):
        """In place scatter(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_(0, th.tensor([2, 0]), th.tensor([5.0, 6.0]))
        tensor([6., 0., 5.])
        """
        return _gather().scatter_(self, dim, index, src, value)

    def scatter(self, dim, index, src=None, *, value=None):
        """A copy with src (or value) written at index along dim (reduce='add'/'multiply').

        >>> th.zeros(3).scatter(0, th.tensor([2, 0]), th.tensor([5.0, 6.0]))
        tensor([6., 0., 5.])
        """
        return _gather().scatter_(self.clone(), dim, index, src, value)

    def index_copy_(self, dim, index, source):
        """Copy source's slices into index along dim, in place.

        >>> th.zeros(3).index_copy_(0, th.tensor([2, 0]), th.tensor([1.0, 2.0]))
        tensor([2., 0., 1.])
        """
        return _gather().index_copy_(self, dim, index, source)

    def index_fill_(self, dim, index, value):
        """Fill the slices at index along dim with value, in place.

        >>> th.zeros(3).index_fill_(0, th.tensor([2]), 7.0)
        tensor([0., 0., 7.])
        """
        return _gather().index_fill_(self, dim, index, value)

    def masked_fill_(self, mask, value):
        """Fill the elements where mask is true with value, in place.

        >>> th.zeros(3).masked_fill_(th.tensor([True, False, True]), 1.0)
        tensor([1., 0., 1.])
        """
        return _gather().masked_fill_(self, mask, value)

    def scatter_add_(self, dim, index, src):
        """In place scatter_add(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_add_(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
        tensor([ 0.,  0., 11.])
        """
        return _gather().scatter_add_(self, dim, index, src)

    def scatter_add(self, dim, index, src):
        """A copy with src added at index along dim.

        >>> th.zeros(3).scatter_add(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
        tensor([ 0.,  0., 11.])
        """
        return _gather().scatter_add(self, dim, index, src)

    def scatter_reduce_(self, dim, index, src, reduce, *, include_self=True):
        """In place scatter_reduce(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_reduce_(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
        tensor([0., 0., 6.])
        """
        return _gather().scatter_reduce_(self, dim, index, src, reduce, include_self=include_self)

    def scatter_reduce(self, dim, index, src, reduce, *, include_self=True):
        """A copy with src reduced into index along dim: reduce 'sum', 'prod', 'mean', 'amax' or
        'amin' (include_self=).

        >>> th.zeros(3).scatter_reduce(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
        tensor([0., 0., 6.])
        """
        return _gather().scatter_reduce(self, dim, index, src, reduce, include_self=include_self)

    def index_add_(self, dim, index, source, *, alpha=1):
        """In place index_add(): writes the result into this tensor and returns it.

        >>> th.zeros(3).index_add_(0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
        tensor([3., 0., 0.])
        """
        return _gather().index_add_(self, dim, index, source, alpha=alpha)

    def index_add(self, dim, index, source, *, alpha=1):
        """A copy with alpha * source added at index along dim.

        >>> th.zeros(3).index_add(0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
        tensor([3., 0., 0.])
        """
        return _gather().index_add(self, dim, index, source, alpha=alpha)

    def index_put_(self, indices, values, accumulate=False):
        """In place index_put(): writes the result into this tensor and returns it.

        >>> th.zeros(3).index_put_((th.tensor([0, 2]),), th.tensor(1.0))
        tensor([1., 0., 1.])
        """
        return _gather().index_put_(self, indices, values, accumulate)

    def index_put(self, indices, values, accumulate=False):
        """A copy with values written at the positions a tuple of index tensors names
        (accumulate=True adds).

        >>> th.zeros(3).index_put((th.tensor([0, 2]),), th.tensor(1.0))
        tensor([1., 0., 1.])
        """
        return _gather().index_put(self, indices, values, accumulate)

    def put_(self, index, source, accumulate=False):
        """In place put(): writes the result into this tensor and returns it.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).put_(th.tensor([0, 3]), th.tensor([9.0, 8.0]))
        tensor([[9., 2.],
                [3., 8.]])
        """
        return _gather().put_(self, index, source, accumulate)

    def put(self, index, source, accumulate=False):
        """A copy with source written at flat indices (accumulate=True adds).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).put(th.tensor([0, 3]), th.tensor([9.0, 8.0]))
        tensor([[9., 2.],
                [3., 8.]])
        """
        return _gather().put(self, index, source, accumulate)

    def take(self, index):
        """The elements at flat indices, shaped like index.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).take(th.tensor([[0, 3]]))
        tensor([[1., 4.]])
        """
        return _gather().take(self, index)

    def masked_scatter_(self, mask, source):
        """In place masked_scatter(): writes the result into this tensor and returns it.

        >>> th.zeros(3).masked_scatter_(th.tensor([True, False, True]), th.tensor([1.0, 2.0]))
        tensor([1., 0., 2.])
        """
        return _gather().masked_scatter_(self, mask, source)

    def masked_scatter(self, mask, source):
        """A copy with source's elements, in order, written where mask is true.

        >>> th.zeros(3).masked_scatter(th.tensor([True, False, True]), th.tensor([1.0, 2.0]))
        tensor([1., 0., 2.])
        """
        return _gather().masked_scatter(self, mask, source)

    # ------------------------------------------------ matrix products
    # torch's names and rules, in th/_linalg.pyx over THTensorMath.h
    def mm(self, mat2, *, out=None):
        """The matrix product of two 2-dim tensors.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mm(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
        tensor([[ 7., 10.],
                [15., 22.]])
        """
        return _linalg().mm(self, mat2, out=out)
    def bmm(self, mat2, *, out=None):
        """Matrix products of two batches of matrices (3-dim).

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.expand(2, 2, 2).bmm(th.eye(2).expand(2, 2, 2)).shape
        (2, 2, 2)
        """
        return _linalg().bmm(self, mat2, out=out)
    def mv(self, vec, *, out=None):
        """The product of a matrix and a vector.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mv(th.tensor([1.0, -1.0]))
        tensor([-1., -1.])
        """
        return _linalg().mv(self, vec, out=out)
    def vdot(self, other, *, out=None):
        """th.vdot(self, other): the inner product, this tensor conjugated.

        >>> th.tensor([1 + 2j, 3j]).vdot(th.tensor([2 + 0j, 1 + 1j]))
        tensor(5.-7.j)
        """
        return _th_module("_linalg").vdot(self, other, out=out)

    def dot(self, tensor, *, out=None):
        """The dot product of two 1-dim tensors.

        >>> th.tensor([1.0, 2.0]).dot(th.tensor([3.0, 4.0]))
        tensor(11.)
        """
        return _linalg().dot(self, tensor, out=out)
    def matmul(self, other, *, out=None):
        """The matrix product with numpy's rules for 1-dim and batched operands (the @
        operator).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).matmul(th.tensor([1.0, -1.0]))
        tensor([-1., -1.])
        """
        return _linalg().matmul(self, other, out=out)
    def __matmul__(self, other):
        if not isinstance(other, Tensor):
            return NotImplemented
        return _linalg().matmul(self, other)
    def __rmatmul__(self, other):
        if not isinstance(other, Tensor):
            return NotImplemented
        return _linalg().matmul(other, self)
    def addmm(self, mat1, mat2, *, beta=1, alpha=1, out=None):
        """beta * self + alpha * (mat1 @ mat2).

        >>> th.ones(2, 2).addmm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
        tensor([[3., 4.],
                [5., 6.]])
        """
        return _linalg().addmm(self, mat1, mat2, beta=beta, alpha=alpha, out=out)
    def addmv(self, mat, vec, *, beta=1, alpha=1, out=None):
        """beta * self + alpha * (mat @ vec).

        >>> th.ones(2).addmv(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
        tensor([4., 8.])
        """
        return _linalg().addmv(self, mat, vec, beta=beta, alpha=alpha, out=out)
    def addr(self, vec1, vec2, *, beta=1, alpha=1, out=None):
        """beta * self + alpha * outer(vec1, vec2).

        >>> th.zeros(2, 2).addr(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
        tensor([[3., 4.],
                [6., 8.]])
        """
        return _linalg().addr(self, vec1, vec2, beta=beta, alpha=alpha, out=out)
    def baddbmm(self, batch1, batch2, *, beta=1, alpha=1, out=None):
        """beta * self + alpha * bmm(batch1, batch2).

        >>> th.zeros(1, 2, 2).baddbmm(th.ones(1, 2, 3), th.ones(1, 3, 2))
        tensor([[[3., 3.],
                 [3., 3.]]])
        """
        return _linalg().baddbmm(self, batch1, batch2, beta=beta, alpha=alpha, out=out)
    def addbmm(self, batch1, batch2, *, beta=1, alpha=1, out=None):
        """beta * self + alpha * (the sum of the batch's matrix products).

        >>> th.zeros(2, 2).addbmm(th.ones(4, 2, 3), th.ones(4, 3, 2))
        tensor([[12., 12.],
                [12., 12.]])
        """
        return _linalg().addbmm(self, batch1, batch2, beta=beta, alpha=alpha, out=out)
    def uniform_(self, from_=0, to=1, *, generator=None):
        """Fill with uniform samples from [from_, to), in place, from generator= or th's
        default.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).uniform_(0, 1, generator=g)
        tensor([0.4963, 0.7682, 0.0885])
        """
        return _random().uniform_(self, from_, to, generator=generator)

    def random_(self, from_=None, to=None, *, generator=None):
        """Fill with integers from [from_, to) (default: [0, 2**mantissa] for floats), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).random_(0, 10, generator=g)
        tensor([4., 9., 3.])
        """
        return _random().random_(self, from_, to, generator=generator)

    def diag(self, diagonal=0):
        """The diagonal of a matrix as a vector, or a vector as a diagonal matrix (diagonal=
        shifts it).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).diag()
        tensor([1., 4.])
        >>> th.tensor([1, 2]).diag()
        tensor([[1, 0],
                [0, 2]])
        """
        return _structure().diag(self, diagonal)

    def diagflat(self, offset=0):
        """The flattened tensor as the diagonal of a matrix.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).diagflat().shape
        (4, 4)
        """
        return _structure().diagflat(self, offset)

    def diag_embed(self, offset=0, dim1=-2, dim2=-1):
        """The last dim as diagonals of new last two dims.

        >>> th.tensor([1, 2]).diag_embed()
        tensor([[1, 0],
                [0, 2]])
        """
        return _structure().diag_embed(self, offset, dim1, dim2)

    def tril(self, diagonal=0):
        """A copy with the elements above the diagonal-th diagonal zeroed.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).tril()
        tensor([[1., 0.],
                [3., 4.]])
        """
        return _structure().tril(self, diagonal)

    def triu(self, diagonal=0):
        """A copy with the elements below the diagonal-th diagonal zeroed.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).triu()
        tensor([[1., 2.],
                [0., 4.]])
        """
        return _structure().triu(self, diagonal)

    def tril_(self, diagonal=0):
        """tril() in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).tril_()
        tensor([[1., 0.],
                [3., 4.]])
        """
        return _structure().tril_(self, diagonal)

    def triu_(self, diagonal=0):
        """triu() in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).triu_()
        tensor([[1., 2.],
                [0., 4.]])
        """
        return _structure().triu_(self, diagonal)

    def trace(self):
        """The sum of a matrix's diagonal.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).trace()
        tensor(5.)
        """
        return _structure().trace(self)

    def cross(self, other, dim=None):
        """The cross product of 3-vectors along dim.

        >>> th.tensor([1.0, 0.0, 0.0]).cross(th.tensor([0.0, 1.0, 0.0]))
        tensor([0., 0., 1.])
        """
        return _structure().cross(self, other, dim)

    def dist(self, other, p=2):
        """The p-norm of self - other.

        >>> th.tensor([0.0, 0.0]).dist(th.tensor([3.0, 4.0]))
        tensor(5.)
        """
        return _structure().dist(self, other, p)

    def renorm(self, p, dim, maxnorm):
        """A copy whose slices along dim have p-norm at most maxnorm.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).renorm(2, 0, 1.0)
        tensor([[0.4472, 0.8944],
                [0.6000, 0.8000]])
        """
        return _structure().renorm(self, p, dim, maxnorm)

    def renorm_(self, p, dim, maxnorm):
        """In place renorm(): writes the result into this tensor and returns it.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).renorm_(2, 0, 1.0)
        tensor([[0.4472, 0.8944],
                [0.6000, 0.8000]])
        """
        return _structure().renorm_(self, p, dim, maxnorm)

    def kron(self, other):
        """The Kronecker product.

        >>> th.tensor([1, 2]).kron(th.tensor([1, 10]))
        tensor([ 1, 10,  2, 20])
        """
        return _structure().kron(self, other)

    def normal_(self, mean=0, std=1, *, generator=None):
        """Fill with normal samples (mean, std), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).normal_(generator=g)
        tensor([ 1.5410, -0.2934, -2.1788])
        """
        return _random().normal_(self, mean, std, generator=generator)

    def exponential_(self, lambd=1, *, generator=None):
        """Fill with exponential samples of rate lambd, in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).exponential_(generator=g)
        tensor([3.5083, 1.2304, 0.6150])
        """
        return _random().exponential_(self, lambd, generator=generator)

    def cauchy_(self, median=0, sigma=1, *, generator=None):
        """Fill with Cauchy samples (median, sigma), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(2).cauchy_(generator=g)
        tensor([10.5977,  0.7648])
        """
        return _random().cauchy_(self, median, sigma, generator=generator)

    def log_normal_(self, mean=1, std=2, *, generator=None):
        """Fill with samples whose log is normal (mean, std), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(2).log_normal_(generator=g)
        tensor([59.2634,  1.5116])
        """
        return _random().log_normal_(self, mean, std, generator=generator)

    def geometric_(self, p, *, generator=None):
        """Fill with geometric samples (trials to the first success of probability p), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).geometric_(0.5, generator=g)
        tensor([1., 1., 2.])
        """
        return _random().geometric_(self, p, generator=generator)

    def bernoulli_(self, p=0.5, *, generator=None):
        """Fill with 0/1 samples of probability p (a number or a tensor), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(4).bernoulli_(0.5, generator=g)
        tensor([0., 0., 1., 0.])
        """
        return _random().bernoulli_(self, p, generator=generator)

    def bernoulli(self, p=None, *, generator=None):
        """0/1 samples, each 1 with the probability this tensor holds.

        >>> g = th.Generator().manual_seed(0)
        >>> th.tensor([0.0, 1.0, 0.5]).bernoulli(generator=g)
        tensor([0., 1., 1.])
        """
        return _random().bernoulli(self, p, generator=generator)

    def multinomial(self, num_samples, replacement=False, *, generator=None):
        """num_samples indices drawn from the weights in each row (replacement= to draw with
        replacement).

        >>> g = th.Generator().manual_seed(0)
        >>> th.tensor([0.0, 1.0, 3.0]).multinomial(2, generator=g)
        tensor([2, 1])
        """
        return _random().multinomial(self, num_samples, replacement, generator=generator)

    def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
        """In place addmm(): writes the result into this tensor and returns it.

        >>> th.ones(2, 2).addmm_(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
        tensor([[3., 4.],
                [5., 6.]])
        """
        return _linalg().add_("addmm_", self, mat1, mat2, beta, alpha)
    def addmv_(self, mat, vec, *, beta=1, alpha=1):
        """In place addmv(): writes the result into this tensor and returns it.

        >>> th.ones(2).addmv_(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
        tensor([4., 8.])
        """
        return _linalg().add_("addmv_", self, mat, vec, beta, alpha)
    def addr_(self, vec1, vec2, *, beta=1, alpha=1):
        """In place addr(): writes the result into this tensor and returns it.

        >>> th.zeros(2, 2).addr_(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
        tensor([[3., 4.],
                [6., 8.]])
        """
        return _linalg().add_("addr_", self, vec1, vec2, beta, alpha)
    def baddbmm_(self, batch1, batch2, *, beta=1, alpha=1):
        """In place baddbmm(): writes the result into this tensor and returns it.

        >>> th.zeros(1, 2, 2).baddbmm_(th.ones(1, 2, 3), th.ones(1, 3, 2))
        tensor([[[3., 3.],
                 [3., 3.]]])
        """
        return _linalg().add_("baddbmm_", self, batch1, batch2, beta, alpha)
    def addbmm_(self, batch1, batch2, *, beta=1, alpha=1):
        """In place addbmm(): writes the result into this tensor and returns it.

        >>> th.zeros(2, 2).addbmm_(th.ones(4, 2, 3), th.ones(4, 3, 2))
        tensor([[12., 12.],
                [12., 12.]])
        """
        return _linalg().add_("addbmm_", self, batch1, batch2, beta, alpha)
    # ------------------------------------------------------- reductions
    # torch's names and rules, in th/_reduce.pyx over THTensorMath.h; numpy's
    # axis=, keepdims=, out= (and ddof=) too, so np.sum(t), np.max(t), ...
    # reach these methods
    def sum(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False, out=None):
        """The sum over dim (None: every dim); bool and integers sum in int64.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum()
        tensor(10.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(0)
        tensor([4., 6.])
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(1, keepdim=True)
        tensor([[3.],
                [7.]])
        """
        return _reduce().sum(self, dim if axis is None else axis, keepdim or keepdims,
                             dtype=dtype, out=out)

    def nansum(self, dim=None, keepdim=False, *, dtype=None):
        """The sum over dim (None: every dim) counting NaNs as zero (th.nansum).

        >>> th.tensor([1.0, float('nan'), 2.0]).nansum()
        tensor(3.)
        """
        return _reduce().nansum(self, dim, keepdim, dtype=dtype)

    def prod(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False,
             out=None):
        """The product over dim (None: every dim).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).prod(1)
        tensor([ 2., 12.])
        """
        return _reduce().prod(self, dim if axis is None else axis, keepdim or keepdims,
                              dtype=dtype, out=out)

    def mean(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False,
             out=None):
        """The mean over dim (None: every dim); floating and complex dtypes (or dtype=).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mean()
        tensor(2.5000)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mean(0)
        tensor([2., 3.])
        """
        return _reduce().mean(self, dim if axis is None else axis, keepdim or keepdims,
                              dtype=dtype, out=out)

    def max(self, dim=None, keepdim=None, *, other=None, axis=None, keepdims=False,
            out=None):
        """The largest element, or (values, indices) over a dim, or the element-wise maximum
        with a tensor.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).max()
        tensor(4.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).max(1)
        max(values=tensor([2., 4.]), indices=tensor([1, 1]))
        >>> th.tensor([1.0, 5.0]).max(other=th.tensor([3.0, 2.0]))
        tensor([3., 5.])
        """
        if axis is not None or (keepdims and dim is None):  # numpy's max: the values only
            return _reduce().amax(self, () if axis is None else axis, bool(keepdim or keepdims),
                                  out=out)
        # keepdim None (not given) lets max(other) refuse a keepdim, as torch's overload
        return _reduce().max(self, dim, True if keepdims else keepdim, other=other, out=out)

    def min(self, dim=None, keepdim=None, *, other=None, axis=None, keepdims=False,
            out=None):
        """The smallest element, or (values, indices) over a dim, or the element-wise minimum
        with a tensor.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).min()
        tensor(1.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).min(0)
        min(values=tensor([1., 2.]), indices=tensor([0, 0]))
        >>> th.tensor([1.0, 5.0]).min(other=th.tensor([3.0, 2.0]))
        tensor([1., 2.])
        """
        if axis is not None or (keepdims and dim is None):  # numpy's min: the values only
            return _reduce().amin(self, () if axis is None else axis, bool(keepdim or keepdims),
                                  out=out)
        # keepdim None (not given) lets min(other) refuse a keepdim, as torch's overload
        return _reduce().min(self, dim, True if keepdims else keepdim, other=other, out=out)

    def amax(self, dim=(), keepdim=False):
        """The largest elements over dim (every dim by default); NaN wins.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).amax(1)
        tensor([2., 4.])
        """
        return _reduce().amax(self, dim, keepdim)

    def amin(self, dim=(), keepdim=False):
        """The smallest elements over dim (every dim by default); NaN wins.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).amin(1)
        tensor([1., 3.])
        """
        return _reduce().amin(self, dim, keepdim)

    def argmax(self, dim=None, keepdim=False, *, axis=None, keepdims=False, out=None):
        """The flat index of the largest element, or the indices over dim.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmax()
        tensor(3)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmax(0)
        tensor([1, 1])
        """
        return _reduce().argmax(self, dim if axis is None else axis, keepdim or keepdims, out=out)

    def argmin(self, dim=None, keepdim=False, *, axis=None, keepdims=False, out=None):
        """The flat index of the smallest element, or the indices over dim.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmin()
        tensor(0)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmin(1)
        tensor([0, 0])
        """
        return _reduce().argmin(self, dim if axis is None else axis, keepdim or keepdims, out=out)

    def all(self, dim=None, keepdim=False, *, axis=None, keepdims=False, out=None):
        """True if every element (over dim) is nonzero.

        >>> th.tensor([True, False, True]).all()
        tensor(False)
        >>> th.tensor([[1, 0], [1, 1]]).all(1)
        tensor([False,  True])
        """
        return _reduce().all(self, dim if axis is None else axis, keepdim or keepdims, out=out)

    def any(self, dim=None, keepdim=False, *, axis=None, keepdims=False, out=None):
        """True if some element (over dim) is nonzero.

        >>> th.tensor([True, False, True]).any()
        tensor(True)
        >>> th.tensor([[0, 0], [1, 0]]).any(1)
        tensor([False,  True])
        """
        return _reduce().any(self, dim if axis is None else axis, keepdim or keepdims, out=out)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        """The p-norm over dim (None: every element; p='fro' or a number).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).norm()
        tensor(5.4772)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).norm(p=1, dim=1)
        tensor([3., 7.])
        """
        return _reduce().norm(self, p, dim, keepdim, dtype=dtype)

    def var(self, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None,
            keepdims=False, ddof=None, dtype=None, out=None):
        """The variance over dim with Bessel's correction (correction=0 for the population
        variance).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).var()
        tensor(1.6667)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).var(1, correction=0)
        tensor([0.2500, 0.2500])
        """
        return _reduce().var(self, dim if axis is None else axis, unbiased, keepdim or keepdims,
                             correction=correction if ddof is None else ddof, out=out)

    def std(self, dim=None, unbiased=None, keepdim=False, *, correction=None, axis=None,
            keepdims=False, ddof=None, dtype=None, out=None):
        """The standard deviation over dim with Bessel's correction.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).std()
        tensor(1.2910)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).std(0)
        tensor([1.4142, 1.4142])
        """
        return _reduce().std(self, dim if axis is None else axis, unbiased, keepdim or keepdims,
                             correction=correction if ddof is None else ddof, out=out)

    # ------------------------------------------------------- sorting, scans
    # torch's names and rules, in th/_sort.pyx over THTensorSort.h and
    # THTensorScan.h
    def sort(self, dim=-1, descending=False, *, stable=False):
        """(values, indices) sorted along dim (descending=, stable=); NaN sorts last.

        >>> th.tensor([3.0, 1.0, 2.0]).sort()
        sort(values=tensor([1., 2., 3.]), indices=tensor([1, 2, 0]))
        """
        return _sort().sort(self, dim, descending, stable=stable)

    def argsort(self, dim=-1, descending=False, stable=False):
        """The indices that sort along dim.

        >>> th.tensor([3.0, 1.0, 2.0]).argsort(descending=True)
        tensor([0, 2, 1])
        """
        return _sort().argsort(self, dim, descending, stable)

    def msort(self):
        """Sorted along dim 0.

        >>> th.tensor([[3.0, 1.0], [2.0, 4.0]]).msort()
        tensor([[2., 1.],
                [3., 4.]])
        """
        return _sort().msort(self)

    def topk(self, k, dim=-1, largest=True, sorted=True):
        """(values, indices) of the k largest (largest=False: smallest) along dim, sorted.

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).topk(2)
        topk(values=tensor([5., 3.]), indices=tensor([2, 0]))
        """
        return _sort().topk(self, k, dim, largest, sorted)

    def kthvalue(self, k, dim=-1, keepdim=False):
        """(values, indices) of the k-th smallest along dim (k from 1).

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).kthvalue(2)
        kthvalue(values=tensor(2.), indices=tensor(3))
        """
        return _sort().kthvalue(self, k, dim, keepdim)

    def median(self, dim=None, keepdim=False):
        """The lower median, or (values, indices) over a dim; NaN propagates.

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).median()
        tensor(2.)
        """
        return _sort().median(self, dim, keepdim)

    def nanmedian(self, dim=None, keepdim=False):
        """median() ignoring NaNs.

        >>> th.tensor([3.0, float('nan'), 1.0]).nanmedian()
        tensor(1.)
        """
        return _sort().nanmedian(self, dim, keepdim)

    def mode(self, dim=-1, keepdim=False):
        """(values, indices) of the most frequent value along dim (the smallest on ties).

        >>> th.tensor([1, 2, 2, 3]).mode()
        mode(values=tensor(2), indices=tensor(2))
        """
        return _sort().mode(self, dim, keepdim)

    def cumsum(self, dim, *, dtype=None):
        """The running sum along dim.

        >>> th.tensor([1, 2, 3]).cumsum(0)
        tensor([1, 3, 6])
        """
        return _sort().cumsum(self, dim, dtype=dtype)

    def cumprod(self, dim, *, dtype=None):
        """The running product along dim.

        >>> th.tensor([1, 2, 3]).cumprod(0)
        tensor([1, 2, 6])
        """
        return _sort().cumprod(self, dim, dtype=dtype)

    def cumsum_(self, dim, *, dtype=None):
        """cumsum(dim) written into this tensor, in place.

        >>> th.tensor([1, 2, 3]).cumsum_(0)
        tensor([1, 3, 6])
        """
        return _sort()._scan_("cumsum_", self, dim, dtype)

    def cumprod_(self, dim, *, dtype=None):
        """cumprod(dim) written into this tensor, in place.

        >>> th.tensor([1, 2, 3]).cumprod_(0)
        tensor([1, 2, 6])
        """
        return _sort()._scan_("cumprod_", self, dim, dtype)

    def cummax(self, dim):
        """(values, indices) of the running maximum along dim.

        >>> th.tensor([1, 3, 2]).cummax(0)
        cummax(values=tensor([1, 3, 3]), indices=tensor([0, 1, 1]))
        """
        return _sort().cummax(self, dim)

    def cummin(self, dim):
        """(values, indices) of the running minimum along dim.

        >>> th.tensor([3, 1, 2]).cummin(0)
        cummin(values=tensor([3, 1, 1]), indices=tensor([0, 1, 1]))
        """
        return _sort().cummin(self, dim)

    def logcumsumexp(self, dim):
        """log of the running sum of exp along dim, without overflow.

        >>> th.tensor([0.0, 0.0, 1000.0]).logcumsumexp(0)
        tensor([0.0000e+00, 6.9315e-01, 1.0000e+03])
        """
        return _sort().logcumsumexp(self, dim)

    # ------------------------------------------- the fused row kernels
    # torch's names, in th/_rows.pyx over THTensorRows.h
    def softmax(self, dim, dtype=None):
        """exp(x) / sum(exp(x)) along dim, one fused pass per row (dtype= casts first).

        >>> th.tensor([1.0, 2.0, 3.0]).softmax(0)
        tensor([0.0900, 0.2447, 0.6652])
        """
        return _th_module("_rows").softmax(self, dim, dtype)

    def log_softmax(self, dim, dtype=None):
        """x - logsumexp(x) along dim, one fused pass per row.

        >>> th.tensor([1.0, 2.0, 3.0]).log_softmax(0)
        tensor([-2.4076, -1.4076, -0.4076])
        """
        return _th_module("_rows").log_softmax(self, dim, dtype)

    def logsumexp(self, dim, keepdim=False):
        """log(sum(exp(x))) over dim without overflow (keepdim= keeps it).

        >>> th.tensor([[1000.0, 1000.0], [0.0, 0.0]]).logsumexp(1)
        tensor([1.0007e+03, 6.9315e-01])
        """
        return _th_module("_rows").logsumexp(self, dim, keepdim)

    def bincount(self, weights=None, minlength=0):
        """How often each value 0 .. max occurs in a 1-dim non-negative integer tensor (weights=
        sums weights).

        >>> th.tensor([0, 1, 1, 3]).bincount()
        tensor([1, 2, 0, 1])
        """
        return _sort().bincount(self, weights, minlength)

    def histc(self, bins=100, min=0, max=0):
        """A histogram of bins equal-width bins over [min, max] (the data's range when both are
        0).

        >>> th.tensor([1.0, 2.0, 1.0]).histc(bins=4, min=0, max=3)
        tensor([0., 2., 1., 0.])
        """
        return _sort().histc(self, bins, min, max)

    def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
        """The distinct elements, sorted (return_inverse=, return_counts=, dim=).

        >>> th.tensor([2, 1, 2, 3]).unique()
        tensor([1, 2, 3])
        """
        return _sort().unique(self, sorted, return_inverse, return_counts, dim)

    def unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
        """Runs of equal consecutive elements collapsed to one.

        >>> th.tensor([1, 1, 2, 2, 1]).unique_consecutive()
        tensor([1, 2, 1])
        """
        return _sort().unique_consecutive(self, return_inverse, return_counts, dim)

    def diff(self, n=1, dim=-1, prepend=None, append=None):
        """The n-th forward difference along dim (prepend=, append= extend it).

        >>> th.tensor([1, 4, 9, 16]).diff()
        tensor([3, 5, 7])
        """
        return _sort().diff(self, n, dim, prepend, append)

    def quantile(self, q, dim=None, keepdim=False, *, interpolation="linear"):
        """The q-th quantiles along dim, interpolated (interpolation='linear', 'lower', ...).

        >>> th.tensor([1.0, 2.0, 3.0, 4.0]).quantile(0.5)
        tensor(2.5000)
        """
        return _sort().quantile(self, q, dim, keepdim, interpolation=interpolation)

    def nanquantile(self, q, dim=None, keepdim=False, *, interpolation="linear"):
        """quantile() ignoring NaNs.

        >>> th.tensor([1.0, float('nan'), 3.0]).nanquantile(0.5)
        tensor(2.)
        """
        return _sort().nanquantile(self, q, dim, keepdim, interpolation=interpolation)

    # ------------------------------------------------------- copies
    def contiguous(self, memory_format=None):
        """This tensor itself when contiguous, else a contiguous copy
        (memory_format=th.channels_last: in that layout).

        >>> import th
        >>> th.zeros(2, 3).t().contiguous().stride()
        (2, 1)
        """
        cdef Tensor laid_out
        if memory_format is not None and memory_format is not _memory_formats().contiguous_format \
                and memory_format is not _memory_formats().preserve_format:
            laid_out = new_like(self, THTensor_dtype(self.cdata), memory_format, "contiguous")
            if _same_layout(laid_out.cdata, self.cdata):
                return self
            copy_tensor(laid_out.cdata, self.cdata)
            return laid_out
        if THTensor_isContiguous(self.cdata):
            return self
        return self.clone(memory_format=_memory_formats().contiguous_format)

    def clone(self, *, memory_format=None):
        """A copy with its own storage, laid out as memory_format says:
        th.preserve_format (the default) keeps a dense tensor's strides (a
        transposed tensor's clone is transposed, as torch's), else row-major.

        >>> import th
        >>> th.zeros(2, 3).t().clone().stride()
        (1, 3)
        """
        cdef THTensor *r
        cdef THTensor *src
        cdef Tensor laid_out
        if (memory_format is not None or not THTensor_isContiguous(self.cdata)) and not (
                memory_format is _memory_formats().contiguous_format
                and THTensor_isContiguous(self.cdata)):
            laid_out = new_like(self, THTensor_dtype(self.cdata), memory_format, "clone")
            copy_tensor(laid_out.cdata, self.cdata)
            return laid_out
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
        and converting its dtype; src may be a th.Tensor or nested data.

        >>> th.zeros(2, 2).copy_(th.tensor([1, 2]))
        tensor([[1., 2.],
                [1., 2.]])
        """
        assign(self.cdata, src)
        return self

    # ------------------------------------------------------- ownership
    def storage(self):
        """The th.Storage this tensor views: the live Python object over that
        C storage if there is one, else a new one (holding one more
        reference to the C storage while it lives).

        >>> th.tensor([1, 2]).storage().tolist()
        [1, 2]
        """
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
        """Address of the first element (0 when the storage is empty).

        >>> t = th.arange(4.0)
        >>> t[1:].data_ptr() - t.data_ptr()
        4
        """
        THDebug_checkTensor(self.cdata)
        return <uintptr_t>THTensor_data(self.cdata)

    @property
    def _cdata(self):
        """Address of the C tensor (a THTensor *, borrowed: valid while this
        object lives), as torch's Tensor._cdata; C code written against TH
        takes it as a THFloatTensor * when the dtype is float32 (see
        docs/LEGACY.md)."""
        return <uintptr_t>self.cdata

    @property
    def _as_parameter_(self):
        """ctypes passes a tensor as its THTensor * (borrowed)."""
        import ctypes
        return ctypes.c_void_p(<uintptr_t>self.cdata)

    @property
    def refcount(self):
        """References to the C tensor (this object holds one).

        >>> t = th.zeros(2)
        >>> t.refcount
        1
        """
        return THTensor_refcount(self.cdata)

    # ------------------------------------------------------- elements
    def tolist(self):
        """Nested lists of Python numbers (a number for a 0-dim tensor).

        >>> th.arange(6.0).view(2, 3).tolist()
        [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
        """
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
        """The one element of a one-element tensor, as a Python number.

        >>> th.tensor([[2.5]]).item()
        2.5
        """
        THDebug_checkTensor(self.cdata)  # its data is read unchecked below
        if THTensor_nElement(self.cdata) != 1:
            raise ArgumentError(f"item() needs a tensor with one element, this one has "
                                f"{THTensor_nElement(self.cdata)}")
        return read_element(<const char *>THTensor_data(self.cdata), THTensor_dtype(self.cdata))

    def __len__(self):
        if THTensor_nDimension(self.cdata) == 0:
            raise TypeError("len() of a 0-dim tensor")
        return THTensor_sizes(self.cdata)[0]

    def __iter__(self):
        """The slices along dim 0 (TypeError for a 0-dim tensor, as torch)."""
        if THTensor_nDimension(self.cdata) == 0:
            raise TypeError("iteration over a 0-dim tensor")
        return _Rows(self)

    def __bool__(self):
        if THTensor_nElement(self.cdata) != 1:
            raise ArgumentError(f"the truth value of a tensor with {THTensor_nElement(self.cdata)} "
                                f"elements is ambiguous")
        return bool(self.item())

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __complex__(self):
        return complex(self.item())

    # ------------------------------------------------------- dtypes
    def float(self):
        """This tensor as float32 (torch's .float()): itself when it already
        is, else a converted copy. The way out for bfloat16, which numpy and
        the buffer protocol lack.

        >>> th.tensor([1, 2]).float()
        tensor([1., 2.])
        """
        if THTensor_dtype(self.cdata) == TH_FLOAT32:
            return self
        cdef Tensor out = new_like(self, TH_FLOAT32, None, "float")  # torch's preserve_format
        copy_tensor(out.cdata, self.cdata)
        return out

    # ===================== element-wise math and dtype conversions
    # Each operation is a THExpr evaluated at once (torch's eager semantics)
    # by th/_expr.pyx; an operand that is a th.Expr makes the result a th.Expr
    # instead (evaluated when assigned). The binary operators tell th._expr
    # which operand only the expression holds (_binary): such a temporary
    # takes the result in place, as numpy elides temporaries.
    # ------------------------------------------------------- operators
    def __add__(self, other): return _binary(TH_EXPR_ADD, self, other)
    def __radd__(self, other): return _binary(TH_EXPR_ADD, other, self)
    def __sub__(self, other): return _binary(TH_EXPR_SUB, self, other)
    def __rsub__(self, other): return _binary(TH_EXPR_SUB, other, self)
    def __mul__(self, other): return _binary(TH_EXPR_MUL, self, other)
    # other * self runs as self * other, as torch runs it (mul(self, other)):
    # a float16 mul reads its second operand, a number, at float32
    def __rmul__(self, other): return _binary(TH_EXPR_MUL, self, other)
    def __truediv__(self, other): return _binary(TH_EXPR_DIV, self, other)
    def __rtruediv__(self, other):
        # number / self is torch's __rtruediv__: self.reciprocal() * number,
        # with its roundings (the reciprocal in self's float type first; a
        # float16 mul then reads the number at float32)
        if isinstance(other, (int, float, complex)):
            return _expr_ops()._reciprocal_times(self, other)
        return _binary(TH_EXPR_DIV, other, self)
    def __floordiv__(self, other): return _binary(TH_EXPR_FLOOR_DIVIDE, self, other)
    def __rfloordiv__(self, other): return _binary(TH_EXPR_FLOOR_DIVIDE, other, self)
    def __mod__(self, other): return _binary(TH_EXPR_REMAINDER, self, other)
    def __rmod__(self, other): return _binary(TH_EXPR_REMAINDER, other, self)
    def __pow__(self, other, mod): return _binary(TH_EXPR_POW, self, other)
    def __rpow__(self, other, mod): return _binary(TH_EXPR_POW, other, self)
    def __and__(self, other): return _binary(TH_EXPR_BITWISE_AND, self, other)
    def __rand__(self, other): return _binary(TH_EXPR_BITWISE_AND, other, self)
    def __or__(self, other): return _binary(TH_EXPR_BITWISE_OR, self, other)
    def __ror__(self, other): return _binary(TH_EXPR_BITWISE_OR, other, self)
    def __xor__(self, other): return _binary(TH_EXPR_BITWISE_XOR, self, other)
    def __rxor__(self, other): return _binary(TH_EXPR_BITWISE_XOR, other, self)
    def __lshift__(self, other): return _binary(TH_EXPR_BITWISE_LEFT_SHIFT, self, other)
    def __rlshift__(self, other): return _binary(TH_EXPR_BITWISE_LEFT_SHIFT, other, self)
    def __rshift__(self, other): return _binary(TH_EXPR_BITWISE_RIGHT_SHIFT, self, other)
    def __rrshift__(self, other): return _binary(TH_EXPR_BITWISE_RIGHT_SHIFT, other, self)
    # comparisons are element-wise (bool tensors); hashing stays by identity
    def __eq__(self, other): return _binary(TH_EXPR_EQ, self, other)
    def __ne__(self, other): return _binary(TH_EXPR_NE, self, other)
    def __lt__(self, other): return _binary(TH_EXPR_LT, self, other)
    def __le__(self, other): return _binary(TH_EXPR_LE, self, other)
    def __gt__(self, other): return _binary(TH_EXPR_GT, self, other)
    def __ge__(self, other): return _binary(TH_EXPR_GE, self, other)
    def __hash__(self): return object.__hash__(self)
    def __neg__(self): return _unary(TH_EXPR_NEG, self)
    def __abs__(self): return _unary(TH_EXPR_ABS, self)
    def __invert__(self): return _unary(TH_EXPR_BITWISE_NOT, self)
    def __pos__(self): return self

    # a op= b writes into a (a's dtype and shape stay; TypeError when the
    # result's dtype cannot be cast to a's, as torch)
    def __iadd__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_ADD, self, other)
    def __isub__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_SUB, self, other)
    def __imul__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_MUL, self, other)
    def __itruediv__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_DIV, self, other)
    def __ifloordiv__(self, other):
        return _expr_ops()._inplace_operator(TH_EXPR_FLOOR_DIVIDE, self, other)
    def __imod__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_REMAINDER, self, other)
    def __ipow__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_POW, self, other)
    def __iand__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_BITWISE_AND, self, other)
    def __ior__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_BITWISE_OR, self, other)
    def __ixor__(self, other): return _expr_ops()._inplace_operator(TH_EXPR_BITWISE_XOR, self, other)
    def __ilshift__(self, other):
        return _expr_ops()._inplace_operator(TH_EXPR_BITWISE_LEFT_SHIFT, self, other)
    def __irshift__(self, other):
        return _expr_ops()._inplace_operator(TH_EXPR_BITWISE_RIGHT_SHIFT, self, other)

    def __contains__(self, element):
        """element in t: (t == element).any(), as torch."""
        return _expr_ops()._contains(self, element)

    def lazy(self):
        """This tensor as a th.Expr leaf (read when the expression is evaluated).

        >>> (th.tensor([1.0, 2.0]).lazy() * 2 + 1).eval()
        tensor([3., 5.])
        """
        return _expr_ops().lazy(self)

    # -------------------------------------------- torch's methods
    # t.f(...) is th.f(t, ...); t.f_(...) is th.f(t, ..., out=t).
    def add(self, other, *, alpha=1):
        """self + alpha * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).add(th.tensor([1.0]), alpha=2)
        tensor([0.5000, 2.5000, 4.0000])
        """
        return _expr_ops().add(self, other, alpha=alpha)

    def add_(self, other, *, alpha=1):
        """In place add(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).add_(th.tensor([1.0]), alpha=2)
        tensor([0.5000, 2.5000, 4.0000])
        """
        return _expr_ops().add(self, other, alpha=alpha, out=self)

    def sub(self, other, *, alpha=1):
        """self - alpha * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).sub(1.0)
        tensor([-2.5000, -0.5000,  1.0000])
        """
        return _expr_ops().sub(self, other, alpha=alpha)

    def sub_(self, other, *, alpha=1):
        """In place sub(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).sub_(1.0)
        tensor([-2.5000, -0.5000,  1.0000])
        """
        return _expr_ops().sub(self, other, alpha=alpha, out=self)

    def mul(self, other):
        """self * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).mul(2)
        tensor([-3.,  1.,  4.])
        """
        return _expr_ops().mul(self, other)

    def mul_(self, other):
        """In place mul(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).mul_(2)
        tensor([-3.,  1.,  4.])
        """
        return _expr_ops().mul(self, other, out=self)

    def div(self, other, *, rounding_mode=None):
        """self / other; rounding_mode 'trunc' or 'floor' rounds the quotient.

        >>> th.tensor([-1.5, 0.5, 2.0]).div(2)
        tensor([-0.7500,  0.2500,  1.0000])
        >>> th.tensor([-7, 7]).div(2, rounding_mode='floor')
        tensor([-4,  3])
        """
        return _expr_ops().div(self, other, rounding_mode=rounding_mode)
    def div_(self, other, *, rounding_mode=None):
        """In place div(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).div_(2, rounding_mode='floor')
        tensor([-4,  3])
        """
        return _expr_ops().div(self, other, rounding_mode=rounding_mode, out=self)
    def floor_divide(self, other):
        """floor(self / other), in the promoted dtype.

        >>> th.tensor([-7, 7]).floor_divide(2)
        tensor([-4,  3])
        """
        return _expr_ops().floor_divide(self, other)

    def floor_divide_(self, other):
        """In place floor_divide(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).floor_divide_(2)
        tensor([-4,  3])
        """
        return _expr_ops().floor_divide(self, other, out=self)

    def remainder(self, other):
        """self - floor(self / other) * other: the sign of other, as Python's %.

        >>> th.tensor([-7, 7]).remainder(3)
        tensor([2, 1])
        """
        return _expr_ops().remainder(self, other)

    def remainder_(self, other):
        """In place remainder(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).remainder_(3)
        tensor([2, 1])
        """
        return _expr_ops().remainder(self, other, out=self)

    def pow(self, exponent):
        """self ** exponent, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).pow(2)
        tensor([2.2500, 0.2500, 4.0000])
        """
        return _expr_ops().pow(self, exponent)

    def pow_(self, exponent):
        """In place pow(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).pow_(2)
        tensor([2.2500, 0.2500, 4.0000])
        """
        return _expr_ops().pow(self, exponent, out=self)

    def maximum(self, other):
        """The larger of self and other, element-wise; NaN wins.

        >>> th.tensor([-1.5, 0.5, 2.0]).maximum(th.tensor(0.0))
        tensor([0.0000, 0.5000, 2.0000])
        """
        return _expr_ops().maximum(self, other)

    def minimum(self, other):
        """The smaller of self and other, element-wise; NaN wins.

        >>> th.tensor([-1.5, 0.5, 2.0]).minimum(th.tensor(0.0))
        tensor([-1.5000,  0.0000,  0.0000])
        """
        return _expr_ops().minimum(self, other)

    def conj(self):
        """The complex conjugate (the tensor itself when real).

        >>> th.tensor([1 + 2j]).conj()
        tensor([1.-2.j])
        """
        return _expr_ops().conj(self)

    def conj_physical(self):
        """The complex conjugate, computed (a copy).

        >>> th.tensor([1 + 2j]).conj_physical()
        tensor([1.-2.j])
        """
        return _expr_ops().conj_physical(self)

    def atan2(self, other):
        """The angle of (other, self), in radians, quadrant-aware.

        >>> th.tensor([1.0, -1.0]).atan2(th.tensor([-1.0, 1.0]))
        tensor([ 2.3562, -0.7854])
        """
        return _expr_ops().atan2(self, other)

    def atan2_(self, other):
        """In place atan2(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, -1.0]).atan2_(th.tensor([-1.0, 1.0]))
        tensor([ 2.3562, -0.7854])
        """
        return _expr_ops().atan2(self, other, out=self)

    def eq(self, other):
        """self == other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).eq(0.5)
        tensor([False,  True, False])
        """
        return _expr_ops().eq(self, other)

    def eq_(self, other):
        """In place eq(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).eq_(0.5)
        tensor([0., 1., 0.])
        """
        return _expr_ops().eq(self, other, out=self)

    def ne(self, other):
        """self != other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).ne(0.5)
        tensor([ True, False,  True])
        """
        return _expr_ops().ne(self, other)

    def ne_(self, other):
        """In place ne(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ne_(0.5)
        tensor([1., 0., 1.])
        """
        return _expr_ops().ne(self, other, out=self)

    def not_equal(self, other):
        """ne()'s other name.

        >>> th.tensor([1.0, 2.0]).not_equal(2.0)
        tensor([ True, False])
        """
        return _expr_ops().ne(self, other)

    def not_equal_(self, other):
        """ne_()'s other name.

        >>> th.tensor([1.0, 2.0]).not_equal_(2.0)
        tensor([1., 0.])
        """
        return _expr_ops().ne(self, other, out=self)

    def lt(self, other):
        """self < other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).lt(0.5)
        tensor([ True, False, False])
        """
        return _expr_ops().lt(self, other)

    def lt_(self, other):
        """In place lt(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).lt_(0.5)
        tensor([1., 0., 0.])
        """
        return _expr_ops().lt(self, other, out=self)

    def le(self, other):
        """self <= other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).le(0.5)
        tensor([ True,  True, False])
        """
        return _expr_ops().le(self, other)

    def le_(self, other):
        """In place le(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).le_(0.5)
        tensor([1., 1., 0.])
        """
        return _expr_ops().le(self, other, out=self)

    def gt(self, other):
        """self > other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).gt(0.5)
        tensor([False, False,  True])
        """
        return _expr_ops().gt(self, other)

    def gt_(self, other):
        """In place gt(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).gt_(0.5)
        tensor([0., 0., 1.])
        """
        return _expr_ops().gt(self, other, out=self)

    def ge(self, other):
        """self >= other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).ge(0.5)
        tensor([False,  True,  True])
        """
        return _expr_ops().ge(self, other)

    def ge_(self, other):
        """In place ge(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ge_(0.5)
        tensor([0., 1., 1.])
        """
        return _expr_ops().ge(self, other, out=self)

    def logical_and(self, other):
        """Truth of both, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_and(th.tensor([1, 1, 0]))
        tensor([ True, False, False])
        """
        return _expr_ops().logical_and(self, other)

    def logical_and_(self, other):
        """In place logical_and(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_and_(th.tensor([1, 1, 0]))
        tensor([ True, False, False])
        """
        return _expr_ops().logical_and(self, other, out=self)

    def logical_or(self, other):
        """Truth of either, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_or(th.tensor([0, 1, 0]))
        tensor([True, True, True])
        """
        return _expr_ops().logical_or(self, other)

    def logical_or_(self, other):
        """In place logical_or(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_or_(th.tensor([0, 1, 0]))
        tensor([True, True, True])
        """
        return _expr_ops().logical_or(self, other, out=self)

    def logical_xor(self, other):
        """Truth of exactly one, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_xor(th.tensor([1, 1, 0]))
        tensor([False,  True,  True])
        """
        return _expr_ops().logical_xor(self, other)

    def logical_xor_(self, other):
        """In place logical_xor(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_xor_(th.tensor([1, 1, 0]))
        tensor([False,  True,  True])
        """
        return _expr_ops().logical_xor(self, other, out=self)

    def logical_not(self):
        """True where an element is zero.

        >>> th.tensor([0.0, 2.0]).logical_not()
        tensor([ True, False])
        """
        return _expr_ops().logical_not(self)

    def logical_not_(self):
        """In place logical_not(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 2.0]).logical_not_()
        tensor([1., 0.])
        """
        return _expr_ops().logical_not(self, out=self)

    def bitwise_and(self, other):
        """self & other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_and(3)
        tensor([2, 3, 1])
        """
        return _expr_ops().bitwise_and(self, other)

    def bitwise_and_(self, other):
        """In place bitwise_and(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_and_(3)
        tensor([2, 3, 1])
        """
        return _expr_ops().bitwise_and(self, other, out=self)

    def bitwise_or(self, other):
        """self | other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_or(3)
        tensor([7, 3, 7])
        """
        return _expr_ops().bitwise_or(self, other)

    def bitwise_or_(self, other):
        """In place bitwise_or(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_or_(3)
        tensor([7, 3, 7])
        """
        return _expr_ops().bitwise_or(self, other, out=self)

    def bitwise_xor(self, other):
        """self ^ other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_xor(3)
        tensor([5, 0, 6])
        """
        return _expr_ops().bitwise_xor(self, other)

    def bitwise_xor_(self, other):
        """In place bitwise_xor(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_xor_(3)
        tensor([5, 0, 6])
        """
        return _expr_ops().bitwise_xor(self, other, out=self)

    def bitwise_not(self):
        """The bitwise complement of each element (logical not for bool).

        >>> th.tensor([0, 5, -1]).bitwise_not()
        tensor([-1, -6,  0])
        """
        return _expr_ops().bitwise_not(self)

    def bitwise_not_(self):
        """In place bitwise_not(): writes the result into this tensor and returns it.

        >>> th.tensor([0, 5, -1]).bitwise_not_()
        tensor([-1, -6,  0])
        """
        return _expr_ops().bitwise_not(self, out=self)

    def where(self, condition, other):
        """self where condition is true, else other (th.where(condition, self, other)).

        >>> th.tensor([-1.5, 0.5, 2.0]).where(th.tensor([-1.5, 0.5, 2.0]) > 0, 0.0)
        tensor([0.0000, 0.5000, 2.0000])
        """
        return _expr_ops().where(condition, self, other)

    def clamp(self, min=None, max=None):
        """Each element limited to [min, max] (either may be None or a tensor).

        >>> th.tensor([-1.5, 0.5, 2.0]).clamp(min=-1.0, max=1.0)
        tensor([-1.0000,  0.5000,  1.0000])
        """
        return _expr_ops().clamp(self, min, max)

    def clamp_(self, min=None, max=None):
        """In place clamp(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).clamp_(min=-1.0, max=1.0)
        tensor([-1.0000,  0.5000,  1.0000])
        """
        return _expr_ops().clamp(self, min, max, out=self)

    def clip(self, min=None, max=None):
        """numpy's name of clamp().

        >>> th.tensor([-1.5, 0.5, 2.0]).clip(0.0, 1.0)
        tensor([0.0000, 0.5000, 1.0000])
        """
        return _expr_ops().clamp(self, min, max)

    def clip_(self, min=None, max=None):
        """In place clip(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).clip_(0.0, 1.0)
        tensor([0.0000, 0.5000, 1.0000])
        """
        return _expr_ops().clamp(self, min, max, out=self)

    def addcmul(self, tensor1, tensor2, *, value=1):
        """self + value * tensor1 * tensor2.

        >>> th.ones(2).addcmul(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
        tensor([2.5000, 5.0000])
        """
        return _expr_ops().addcmul(self, tensor1, tensor2, value=value)
    def addcmul_(self, tensor1, tensor2, *, value=1):
        """In place addcmul(): writes the result into this tensor and returns it.

        >>> th.ones(2).addcmul_(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
        tensor([2.5000, 5.0000])
        """
        return _expr_ops().addcmul(self, tensor1, tensor2, value=value, out=self)
    def addcdiv(self, tensor1, tensor2, *, value=1):
        """self + value * tensor1 / tensor2.

        >>> th.ones(2).addcdiv(th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
        tensor([1.5000, 2.0000])
        """
        return _expr_ops().addcdiv(self, tensor1, tensor2, value=value)
    def addcdiv_(self, tensor1, tensor2, *, value=1):
        """In place addcdiv(): writes the result into this tensor and returns it.

        >>> th.ones(2).addcdiv_(th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
        tensor([1.5000, 2.0000])
        """
        return _expr_ops().addcdiv(self, tensor1, tensor2, value=value, out=self)
    def neg(self):
        """-x of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).neg()
        tensor([ 1.5000, -0.5000, -2.0000])
        """
        return _expr_ops().neg(self)

    def neg_(self):
        """In place neg(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).neg_()
        tensor([ 1.5000, -0.5000, -2.0000])
        """
        return _expr_ops().neg(self, out=self)

    def negative(self):
        """neg()'s other name.

        >>> th.tensor([-1.5, 2.0]).negative()
        tensor([ 1.5000, -2.0000])
        """
        return _expr_ops().neg(self)

    def negative_(self):
        """neg_()'s other name.

        >>> th.tensor([-1.5, 2.0]).negative_()
        tensor([ 1.5000, -2.0000])
        """
        return _expr_ops().neg(self, out=self)

    def abs(self):
        """|x| of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).abs()
        tensor([1.5000, 0.5000, 2.0000])
        """
        return _expr_ops().abs(self)

    def abs_(self):
        """In place abs(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).abs_()
        tensor([1.5000, 0.5000, 2.0000])
        """
        return _expr_ops().abs(self, out=self)

    def absolute(self):
        """abs()'s other name.

        >>> th.tensor([-1.5, 2.0]).absolute()
        tensor([1.5000, 2.0000])
        """
        return _expr_ops().abs(self)

    def absolute_(self):
        """abs_()'s other name.

        >>> th.tensor([-1.5, 2.0]).absolute_()
        tensor([1.5000, 2.0000])
        """
        return _expr_ops().abs(self, out=self)

    def sign(self):
        """-1, 0 or 1 by the sign of each element.

        >>> th.tensor([-2.0, 0.0, 3.0]).sign()
        tensor([-1.,  0.,  1.])
        """
        return _expr_ops().sign(self)

    def sign_(self):
        """In place sign(): writes the result into this tensor and returns it.

        >>> th.tensor([-2.0, 0.0, 3.0]).sign_()
        tensor([-1.,  0.,  1.])
        """
        return _expr_ops().sign(self, out=self)

    def sgn(self):
        """sign() for real dtypes; z / |z| (0 for 0) for complex ones.

        >>> th.tensor([3 + 4j, 0j]).sgn()
        tensor([0.6000+0.8000j, 0.0000+0.0000j])
        """
        return _expr_ops().sgn(self)

    def sgn_(self):
        """In place sgn(): writes the result into this tensor and returns it.

        >>> th.tensor([-2.0, 3.0]).sgn_()
        tensor([-1.,  1.])
        """
        return _expr_ops().sgn(self, out=self)

    def sqrt(self):
        """The square root of each element.

        >>> th.tensor([4.0, 2.0]).sqrt()
        tensor([2.0000, 1.4142])
        """
        return _expr_ops().sqrt(self)

    def sqrt_(self):
        """In place sqrt(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, 2.0]).sqrt_()
        tensor([2.0000, 1.4142])
        """
        return _expr_ops().sqrt(self, out=self)

    def rsqrt(self):
        """1 / sqrt(x) of each element.

        >>> th.tensor([4.0, 0.25]).rsqrt()
        tensor([0.5000, 2.0000])
        """
        return _expr_ops().rsqrt(self)

    def rsqrt_(self):
        """In place rsqrt(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, 0.25]).rsqrt_()
        tensor([0.5000, 2.0000])
        """
        return _expr_ops().rsqrt(self, out=self)

    def exp(self):
        """e to the power of each element.

        >>> th.tensor([0.25, 0.5]).exp()
        tensor([1.2840, 1.6487])
        """
        return _expr_ops().exp(self)

    def exp_(self):
        """In place exp(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).exp_()
        tensor([1.2840, 1.6487])
        """
        return _expr_ops().exp(self, out=self)

    def log(self):
        """The natural logarithm of each element.

        >>> th.tensor([0.25, 0.5]).log()
        tensor([-1.3863, -0.6931])
        """
        return _expr_ops().log(self)

    def log_(self):
        """In place log(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).log_()
        tensor([-1.3863, -0.6931])
        """
        return _expr_ops().log(self, out=self)

    def log1p(self):
        """log(1 + x) of each element, exact for small x.

        >>> th.tensor([1e-10, 1.0]).log1p()
        tensor([1.0000e-10, 6.9315e-01])
        """
        return _expr_ops().log1p(self)

    def log1p_(self):
        """In place log1p(): writes the result into this tensor and returns it.

        >>> th.tensor([1e-10, 1.0]).log1p_()
        tensor([1.0000e-10, 6.9315e-01])
        """
        return _expr_ops().log1p(self, out=self)

    def expm1(self):
        """exp(x) - 1 of each element, exact for small x.

        >>> th.tensor([1e-10, 1.0]).expm1()
        tensor([1.0000e-10, 1.7183e+00])
        """
        return _expr_ops().expm1(self)

    def expm1_(self):
        """In place expm1(): writes the result into this tensor and returns it.

        >>> th.tensor([1e-10, 1.0]).expm1_()
        tensor([1.0000e-10, 1.7183e+00])
        """
        return _expr_ops().expm1(self, out=self)

    def sin(self):
        """The sine of each element (radians).

        >>> th.tensor([0.25, 0.5]).sin()
        tensor([0.2474, 0.4794])
        """
        return _expr_ops().sin(self)

    def sin_(self):
        """In place sin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).sin_()
        tensor([0.2474, 0.4794])
        """
        return _expr_ops().sin(self, out=self)

    def cos(self):
        """The cosine of each element (radians).

        >>> th.tensor([0.25, 0.5]).cos()
        tensor([0.9689, 0.8776])
        """
        return _expr_ops().cos(self)

    def cos_(self):
        """In place cos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).cos_()
        tensor([0.9689, 0.8776])
        """
        return _expr_ops().cos(self, out=self)

    def tanh(self):
        """The hyperbolic tangent of each element.

        >>> th.tensor([0.25, 0.5]).tanh()
        tensor([0.2449, 0.4621])
        """
        return _expr_ops().tanh(self)

    def tanh_(self):
        """In place tanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).tanh_()
        tensor([0.2449, 0.4621])
        """
        return _expr_ops().tanh(self, out=self)

    def sigmoid(self):
        """The logistic function 1 / (1 + exp(-x)) of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).sigmoid()
        tensor([0.1824, 0.6225, 0.8808])
        """
        return _expr_ops().sigmoid(self)

    def sigmoid_(self):
        """In place sigmoid(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).sigmoid_()
        tensor([0.1824, 0.6225, 0.8808])
        """
        return _expr_ops().sigmoid(self, out=self)
    # torch's activation methods (th/nn/_activations.py)
    def relu(self):
        """max(self, 0) element-wise (torch.Tensor.relu; th.nn.functional.relu).

        >>> import th
        >>> th.tensor([-1.0, 2.0]).relu().tolist()
        [0.0, 2.0]
        """
        return _th_module("nn._activations").relu(self)

    def relu_(self):
        """relu in place: self, changed.

        >>> import th
        >>> x = th.tensor([-1, 2])
        >>> x.relu_() is x, x.tolist()
        (True, [0, 2])
        """
        return _th_module("nn._activations").relu_(self)

    def floor(self):
        """The largest integer not greater than each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).floor()
        tensor([-2.,  0.,  2.])
        """
        return _expr_ops().floor(self)

    def floor_(self):
        """In place floor(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).floor_()
        tensor([-2.,  0.,  2.])
        """
        return _expr_ops().floor(self, out=self)

    def ceil(self):
        """The smallest integer not less than each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).ceil()
        tensor([-1.,  1.,  2.])
        """
        return _expr_ops().ceil(self)

    def ceil_(self):
        """In place ceil(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ceil_()
        tensor([-1.,  1.,  2.])
        """
        return _expr_ops().ceil(self, out=self)

    def round(self):
        """Each element rounded half to even (decimals= digits after the point).

        >>> th.tensor([0.5, 1.5, 2.46]).round()
        tensor([0., 2., 2.])
        """
        return _expr_ops().round(self)

    def round_(self):
        """In place round(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5, 1.5, 2.46]).round_()
        tensor([0., 2., 2.])
        """
        return _expr_ops().round(self, out=self)

    def trunc(self):
        """Each element rounded toward zero.

        >>> th.tensor([-1.5, 0.5, 2.0]).trunc()
        tensor([-1.,  0.,  2.])
        """
        return _expr_ops().trunc(self)

    def trunc_(self):
        """In place trunc(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).trunc_()
        tensor([-1.,  0.,  2.])
        """
        return _expr_ops().trunc(self, out=self)

    def fix(self):
        """trunc()'s other name.

        >>> th.tensor([-1.5, 2.5]).fix()
        tensor([-1.,  2.])
        """
        return _expr_ops().trunc(self)

    def fix_(self):
        """trunc_()'s other name.

        >>> th.tensor([-1.5, 2.5]).fix_()
        tensor([-1.,  2.])
        """
        return _expr_ops().trunc(self, out=self)

    def reciprocal(self):
        """1 / x of each element.

        >>> th.tensor([4.0, -0.5]).reciprocal()
        tensor([ 0.2500, -2.0000])
        """
        return _expr_ops().reciprocal(self)

    def reciprocal_(self):
        """In place reciprocal(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, -0.5]).reciprocal_()
        tensor([ 0.2500, -2.0000])
        """
        return _expr_ops().reciprocal(self, out=self)
    # the functions TH had beyond the operators (th/_expr.pyx)
    def acos(self):
        """The arccosine of each element, in radians.

        >>> th.tensor([0.25, 0.5]).acos()
        tensor([1.3181, 1.0472])
        """
        return _expr_ops().acos(self)

    def acos_(self):
        """In place acos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).acos_()
        tensor([1.3181, 1.0472])
        """
        return _expr_ops().acos(self, out=self)

    def asin(self):
        """The arcsine of each element, in radians.

        >>> th.tensor([0.25, 0.5]).asin()
        tensor([0.2527, 0.5236])
        """
        return _expr_ops().asin(self)

    def asin_(self):
        """In place asin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).asin_()
        tensor([0.2527, 0.5236])
        """
        return _expr_ops().asin(self, out=self)

    def atan(self):
        """The arctangent of each element, in radians.

        >>> th.tensor([0.25, 0.5]).atan()
        tensor([0.2450, 0.4636])
        """
        return _expr_ops().atan(self)

    def atan_(self):
        """In place atan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).atan_()
        tensor([0.2450, 0.4636])
        """
        return _expr_ops().atan(self, out=self)

    def arccos(self):
        """numpy's name of acos().

        >>> th.tensor([0.25, 0.5]).arccos()
        tensor([1.3181, 1.0472])
        """
        return _expr_ops().arccos(self)

    def arccos_(self):
        """In place arccos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arccos_()
        tensor([1.3181, 1.0472])
        """
        return _expr_ops().arccos(self, out=self)

    def arcsin(self):
        """numpy's name of asin().

        >>> th.tensor([0.25, 0.5]).arcsin()
        tensor([0.2527, 0.5236])
        """
        return _expr_ops().arcsin(self)

    def arcsin_(self):
        """In place arcsin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arcsin_()
        tensor([0.2527, 0.5236])
        """
        return _expr_ops().arcsin(self, out=self)

    def arctan(self):
        """numpy's name of atan().

        >>> th.tensor([0.25, 0.5]).arctan()
        tensor([0.2450, 0.4636])
        """
        return _expr_ops().arctan(self)

    def arctan_(self):
        """In place arctan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arctan_()
        tensor([0.2450, 0.4636])
        """
        return _expr_ops().arctan(self, out=self)

    def cosh(self):
        """The hyperbolic cosine of each element.

        >>> th.tensor([0.25, 0.5]).cosh()
        tensor([1.0314, 1.1276])
        """
        return _expr_ops().cosh(self)

    def cosh_(self):
        """In place cosh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).cosh_()
        tensor([1.0314, 1.1276])
        """
        return _expr_ops().cosh(self, out=self)

    def sinh(self):
        """The hyperbolic sine of each element.

        >>> th.tensor([0.25, 0.5]).sinh()
        tensor([0.2526, 0.5211])
        """
        return _expr_ops().sinh(self)

    def sinh_(self):
        """In place sinh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).sinh_()
        tensor([0.2526, 0.5211])
        """
        return _expr_ops().sinh(self, out=self)

    def tan(self):
        """The tangent of each element (radians).

        >>> th.tensor([0.25, 0.5]).tan()
        tensor([0.2553, 0.5463])
        """
        return _expr_ops().tan(self)

    def tan_(self):
        """In place tan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).tan_()
        tensor([0.2553, 0.5463])
        """
        return _expr_ops().tan(self, out=self)

    def log2(self):
        """The base-2 logarithm of each element.

        >>> th.tensor([8.0, 0.5]).log2()
        tensor([ 3., -1.])
        """
        return _expr_ops().log2(self)

    def log2_(self):
        """In place log2(): writes the result into this tensor and returns it.

        >>> th.tensor([8.0, 0.5]).log2_()
        tensor([ 3., -1.])
        """
        return _expr_ops().log2(self, out=self)

    def log10(self):
        """The base-10 logarithm of each element.

        >>> th.tensor([1000.0, 0.5]).log10()
        tensor([ 3.0000, -0.3010])
        """
        return _expr_ops().log10(self)

    def log10_(self):
        """In place log10(): writes the result into this tensor and returns it.

        >>> th.tensor([1000.0, 0.5]).log10_()
        tensor([ 3.0000, -0.3010])
        """
        return _expr_ops().log10(self, out=self)

    def exp2(self):
        """2 to the power of each element.

        >>> th.tensor([3.0, 0.5]).exp2()
        tensor([8.0000, 1.4142])
        """
        return _expr_ops().exp2(self)

    def exp2_(self):
        """In place exp2(): writes the result into this tensor and returns it.

        >>> th.tensor([3.0, 0.5]).exp2_()
        tensor([8.0000, 1.4142])
        """
        return _expr_ops().exp2(self, out=self)

    def sinc(self):
        """sin(πx) / (πx) of each element (1 at 0).

        >>> th.tensor([0.0, 0.5]).sinc()
        tensor([1.0000, 0.6366])
        """
        return _expr_ops().sinc(self)

    def sinc_(self):
        """In place sinc(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 0.5]).sinc_()
        tensor([1.0000, 0.6366])
        """
        return _expr_ops().sinc(self, out=self)

    def erf(self):
        """The error function of each element.

        >>> th.tensor([0.25, 0.5]).erf()
        tensor([0.2763, 0.5205])
        """
        return _expr_ops().erf(self)

    def erf_(self):
        """In place erf(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erf_()
        tensor([0.2763, 0.5205])
        """
        return _expr_ops().erf(self, out=self)

    def erfc(self):
        """1 - erf(x) of each element.

        >>> th.tensor([0.25, 0.5]).erfc()
        tensor([0.7237, 0.4795])
        """
        return _expr_ops().erfc(self)

    def erfc_(self):
        """In place erfc(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erfc_()
        tensor([0.7237, 0.4795])
        """
        return _expr_ops().erfc(self, out=self)

    def erfinv(self):
        """The inverse error function of each element.

        >>> th.tensor([0.25, 0.5]).erfinv()
        tensor([0.2253, 0.4769])
        """
        return _expr_ops().erfinv(self)

    def erfinv_(self):
        """In place erfinv(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erfinv_()
        tensor([0.2253, 0.4769])
        """
        return _expr_ops().erfinv(self, out=self)

    def lgamma(self):
        """log|Γ(x)| of each element.

        >>> th.tensor([0.5, 4.0]).lgamma()
        tensor([0.5724, 1.7918])
        """
        return _expr_ops().lgamma(self)

    def lgamma_(self):
        """In place lgamma(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5, 4.0]).lgamma_()
        tensor([0.5724, 1.7918])
        """
        return _expr_ops().lgamma(self, out=self)

    def digamma(self):
        """The logarithmic derivative of the gamma function, of each element.

        >>> th.tensor([1.0, 2.5]).digamma()
        tensor([-0.5772,  0.7032])
        """
        return _expr_ops().digamma(self)

    def digamma_(self):
        """In place digamma(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 2.5]).digamma_()
        tensor([-0.5772,  0.7032])
        """
        return _expr_ops().digamma(self, out=self)

    def frac(self):
        """The fractional part of each element (x - trunc(x)).

        >>> th.tensor([-1.5, 0.5, 2.0]).frac()
        tensor([-0.5000,  0.5000,  0.0000])
        """
        return _expr_ops().frac(self)

    def frac_(self):
        """In place frac(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).frac_()
        tensor([-0.5000,  0.5000,  0.0000])
        """
        return _expr_ops().frac(self, out=self)

    def deg2rad(self):
        """Each element converted from degrees to radians.

        >>> th.tensor([90.0, 180.0]).deg2rad()
        tensor([1.5708, 3.1416])
        """
        return _expr_ops().deg2rad(self)

    def deg2rad_(self):
        """In place deg2rad(): writes the result into this tensor and returns it.

        >>> th.tensor([90.0, 180.0]).deg2rad_()
        tensor([1.5708, 3.1416])
        """
        return _expr_ops().deg2rad(self, out=self)

    def rad2deg(self):
        """Each element converted from radians to degrees.

        >>> th.tensor([1.0, 3.0]).rad2deg()
        tensor([ 57.2958, 171.8873])
        """
        return _expr_ops().rad2deg(self)

    def rad2deg_(self):
        """In place rad2deg(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).rad2deg_()
        tensor([ 57.2958, 171.8873])
        """
        return _expr_ops().rad2deg(self, out=self)

    def square(self):
        """x * x of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).square()
        tensor([2.2500, 0.2500, 4.0000])
        """
        return _expr_ops().square(self)

    def square_(self):
        """In place square(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).square_()
        tensor([2.2500, 0.2500, 4.0000])
        """
        return _expr_ops().square(self, out=self)

    def isnan(self):
        """True where an element is NaN.

        >>> th.tensor([1.0, float('nan')]).isnan()
        tensor([False,  True])
        """
        return _expr_ops().isnan(self)

    def isinf(self):
        """True where an element is ±inf.

        >>> th.tensor([1.0, float('-inf')]).isinf()
        tensor([False,  True])
        """
        return _expr_ops().isinf(self)

    def isfinite(self):
        """True where an element is neither inf nor NaN.

        >>> th.tensor([1.0, float('inf'), float('nan')]).isfinite()
        tensor([ True, False, False])
        """
        return _expr_ops().isfinite(self)

    def isposinf(self):
        """True where an element is +inf.

        >>> th.tensor([float('inf'), float('-inf')]).isposinf()
        tensor([ True, False])
        """
        return _expr_ops().isposinf(self)

    def isneginf(self):
        """True where an element is -inf.

        >>> th.tensor([float('inf'), float('-inf')]).isneginf()
        tensor([False,  True])
        """
        return _expr_ops().isneginf(self)

    def signbit(self):
        """True where an element's sign bit is set (-0.0 included).

        >>> th.tensor([-0.0, 1.0, -2.0]).signbit()
        tensor([ True, False,  True])
        """
        return _expr_ops().signbit(self)

    def fmod(self, other):
        """The remainder with the sign of self, as C's fmod.

        >>> th.tensor([-7, 7]).fmod(3)
        tensor([-1,  1])
        """
        return _expr_ops().fmod(self, other)

    def fmod_(self, other):
        """In place fmod(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).fmod_(3)
        tensor([-1,  1])
        """
        return _expr_ops().fmod(self, other, out=self)

    def copysign(self, other):
        """|self| with the sign of other.

        >>> th.tensor([-1.5, 0.5, 2.0]).copysign(-1.0)
        tensor([-1.5000, -0.5000, -2.0000])
        """
        return _expr_ops().copysign(self, other)

    def copysign_(self, other):
        """In place copysign(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).copysign_(-1.0)
        tensor([-1.5000, -0.5000, -2.0000])
        """
        return _expr_ops().copysign(self, other, out=self)

    def hypot(self, other):
        """sqrt(self² + other²) without overflow.

        >>> th.tensor([3.0, 5.0]).hypot(th.tensor([4.0, 12.0]))
        tensor([ 5., 13.])
        """
        return _expr_ops().hypot(self, other)

    def hypot_(self, other):
        """In place hypot(): writes the result into this tensor and returns it.

        >>> th.tensor([3.0, 5.0]).hypot_(th.tensor([4.0, 12.0]))
        tensor([ 5., 13.])
        """
        return _expr_ops().hypot(self, other, out=self)

    def xlogy(self, other):
        """self * log(other), 0 where self is 0.

        >>> th.tensor([0.0, 2.0]).xlogy(th.tensor([0.0, 4.0]))
        tensor([0.0000, 2.7726])
        """
        return _expr_ops().xlogy(self, other)

    def xlogy_(self, other):
        """In place xlogy(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 2.0]).xlogy_(th.tensor([0.0, 4.0]))
        tensor([0.0000, 2.7726])
        """
        return _expr_ops().xlogy(self, other, out=self)

    def bitwise_left_shift(self, other):
        """self << other for integers.

        >>> th.tensor([6, 3, 5]).bitwise_left_shift(2)
        tensor([24, 12, 20])
        """
        return _expr_ops().bitwise_left_shift(self, other)

    def bitwise_left_shift_(self, other):
        """In place bitwise_left_shift(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_left_shift_(2)
        tensor([24, 12, 20])
        """
        return _expr_ops().bitwise_left_shift(self, other, out=self)

    def bitwise_right_shift(self, other):
        """self >> other for integers (arithmetic for signed ones).

        >>> th.tensor([-8, 8]).bitwise_right_shift(2)
        tensor([-2,  2])
        """
        return _expr_ops().bitwise_right_shift(self, other)

    def bitwise_right_shift_(self, other):
        """In place bitwise_right_shift(): writes the result into this tensor and returns it.

        >>> th.tensor([-8, 8]).bitwise_right_shift_(2)
        tensor([-2,  2])
        """
        return _expr_ops().bitwise_right_shift(self, other, out=self)

    def logaddexp(self, other):
        """log(exp(self) + exp(other)) without overflow.

        >>> th.tensor([1000.0, 0.0]).logaddexp(th.tensor([1000.0, 0.0]))
        tensor([1.0007e+03, 6.9315e-01])
        """
        return _expr_ops().logaddexp(self, other)

    def logaddexp2(self, other):
        """log2(2**self + 2**other) without overflow.

        >>> th.tensor([3.0, 0.0]).logaddexp2(th.tensor([3.0, 0.0]))
        tensor([4., 1.])
        """
        return _expr_ops().logaddexp2(self, other)

    def fmax(self, other):
        """The larger of self and other, element-wise; a number wins over NaN.

        >>> th.tensor([1.0, float('nan')]).fmax(th.tensor([0.0, 2.0]))
        tensor([1., 2.])
        """
        return _expr_ops().fmax(self, other)

    def fmin(self, other):
        """The smaller of self and other, element-wise; a number wins over NaN.

        >>> th.tensor([1.0, float('nan')]).fmin(th.tensor([0.0, 2.0]))
        tensor([0., 2.])
        """
        return _expr_ops().fmin(self, other)

    def polygamma(self, n):
        """The n-th derivative of digamma, of each element: polygamma(n).

        >>> th.tensor([1.0, 2.0]).polygamma(1)
        tensor([1.6449, 0.6449])
        """
        return _expr_ops().polygamma(n, self)

    def polygamma_(self, n):
        """In place polygamma(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 2.0]).polygamma_(1)
        tensor([1.6449, 0.6449])
        """
        return _expr_ops().polygamma(n, self, out=self)

    def lerp(self, end, weight):
        """self + weight * (end - self), element-wise.

        >>> th.tensor([0.0, 10.0]).lerp(th.tensor([10.0, 20.0]), 0.25)
        tensor([ 2.5000, 12.5000])
        """
        return _expr_ops().lerp(self, end, weight)

    def lerp_(self, end, weight):
        """In place lerp(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 10.0]).lerp_(th.tensor([10.0, 20.0]), 0.25)
        tensor([ 2.5000, 12.5000])
        """
        return _expr_ops().lerp(self, end, weight, out=self)

    def nan_to_num(self, nan=0.0, posinf=None, neginf=None):
        """NaN, +inf and -inf replaced by nan, posinf and neginf (defaults: 0, the dtype's max
        and min).

        >>> th.tensor([float('nan'), float('inf'), 1.0]).nan_to_num(posinf=9.0)
        tensor([0., 9., 1.])
        """
        return _expr_ops().nan_to_num(self, nan, posinf, neginf)
    def nan_to_num_(self, nan=0.0, posinf=None, neginf=None):
        """In place nan_to_num(): writes the result into this tensor and returns it.

        >>> th.tensor([float('nan'), float('inf'), 1.0]).nan_to_num_(posinf=9.0)
        tensor([0., 9., 1.])
        """
        return _expr_ops().nan_to_num(self, nan, posinf, neginf, out=self)
    def equal(self, other):
        """True if other has the same shape and elements.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.equal(t.clone())
        True
        """
        return _expr_ops().equal(self, other)

    def isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        """True where |self - other| <= atol + rtol * |other| (equal_nan= counts NaNs equal).

        >>> th.tensor([1.0, 2.0]).isclose(th.tensor([1.0 + 1e-9, 2.1]))
        tensor([ True, False])
        """
        return _expr_ops().isclose(self, other, rtol, atol, equal_nan)
    def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        """True if isclose() holds everywhere.

        >>> th.tensor([1.0, 2.0]).allclose(th.tensor([1.0 + 1e-9, 2.0]))
        True
        """
        return _expr_ops().allclose(self, other, rtol, atol, equal_nan)

    # ------------------------------------------------ dtype conversion
    def astype(self, dtype, *, copy=True):
        """numpy's name for to(dtype), for code written against numpy's
        arrays (dask.array's chunks): a new tensor of dtype (a th or numpy
        dtype); copy=False returns this tensor when it has dtype already.

        >>> th.tensor([1.5, -2.0]).astype(th.int32)
        tensor([ 1, -2], dtype=th.int32)
        """
        return self.to(dtype=dtype, copy=bool(copy))

    def to(self, *args, device=None, dtype=None, non_blocking=False, copy=False,
           memory_format=None):
        """This tensor converted, as torch's overloads: to(dtype),
        to(device, dtype), to(other) (other's dtype), to(device=..., dtype=...);
        the device can only be the CPU (th has no other). Itself when nothing
        changes, unless copy=True; a copy keeps a dense tensor's strides
        (memory_format=th.preserve_format, the default). non_blocking is
        accepted and means nothing on the CPU.

        >>> import th
        >>> t = th.ones(2)
        >>> t.to("cpu") is t, t.to(th.float64).dtype, t.to("cpu", th.int8).dtype
        (True, th.float64, th.int8)
        """
        args = list(args)
        if args and isinstance(args[0], Tensor):  # to(other, non_blocking, copy)
            dtype = _one_dtype(dtype, args.pop(0).dtype)
        elif args and _is_device_argument(args[0]):  # to(device, dtype, non_blocking, copy)
            _device_module().as_device(args.pop(0))
            if args and not isinstance(args[0], (bool, int)):
                dtype = _one_dtype(dtype, args.pop(0))
        elif args and not isinstance(args[0], (bool, int)):  # to(dtype, non_blocking, copy)
            dtype = _one_dtype(dtype, args.pop(0))
        if len(args) > 2:
            raise TypeError(f"to() takes at most a device, a dtype, non_blocking and copy; got "
                            f"{len(args)} arguments too many")
        if args:
            non_blocking = args[0]
        if len(args) > 1:
            copy = args[1]
        if device is not None:
            _device_module().as_device(device)
        cdef THScalarType dt = <THScalarType>as_scalar_type(dtype, THTensor_dtype(self.cdata))
        if dt == THTensor_dtype(self.cdata) and not copy:
            return self
        cdef Tensor out = new_like(self, dt, memory_format, "to")
        copy_tensor(out.cdata, self.cdata)
        return out

    # ------------------------------------------ device, autograd, formats (th/_device.py)
    # th computes on the CPU without autograd: torch's device and grad
    # attributes answer for that, so that device-agnostic code runs.
    @property
    def device(self):
        """The device the tensor lives on: always th.device("cpu").

        >>> import th
        >>> th.zeros(1).device
        device(type='cpu')
        """
        return _device_module().CPU

    @property
    def is_cuda(self):
        """False: th computes on the CPU only.

        >>> th.zeros(1).is_cuda
        False
        """
        return False

    @property
    def is_cpu(self):
        """True: th computes on the CPU only.

        >>> th.zeros(1).is_cpu
        True
        """
        return True

    def get_device(self):
        """-1, torch's answer for a CPU tensor.

        >>> th.zeros(1).get_device()
        -1
        """
        return -1

    def cpu(self, memory_format=None):
        """This tensor itself (it is on the CPU already), as torch's.

        >>> import th
        >>> t = th.ones(2)
        >>> t.cpu() is t
        True
        """
        if memory_format is not None:
            return self.to(memory_format=memory_format)
        return self

    def cuda(self, device=None, non_blocking=False, memory_format=None):
        """Refused: th has no CUDA device (th.Error).

        >>> try:
        ...     th.zeros(1).cuda()
        ... except RuntimeError as e:
        ...     print(type(e).__name__)
        ...
        Error
        """
        raise Error("cuda(): th computes on the CPU only: there is no CUDA device")

    @property
    def requires_grad(self):
        """False: th has no autograd. Setting False is accepted, True refused.

        >>> import th
        >>> th.zeros(1).requires_grad
        False
        """
        return False

    @requires_grad.setter
    def requires_grad(self, value):
        if value:
            raise Error("requires_grad=True: th has no autograd (gradients are not tracked)")

    def requires_grad_(self, requires_grad=True):
        """Refused for True (th has no autograd); this tensor for False.

        >>> t = th.zeros(1)
        >>> t.requires_grad_(False) is t
        True
        """
        self.requires_grad = requires_grad
        return self

    @property
    def grad(self):
        """None: th has no autograd, no gradient is ever accumulated.

        >>> th.zeros(1).grad is None
        True
        """
        return None

    @property
    def grad_fn(self):
        """None: th records no graph.

        >>> th.zeros(1).grad_fn is None
        True
        """
        return None

    @property
    def is_leaf(self):
        """True: without autograd every tensor is a leaf.

        >>> th.zeros(1).is_leaf
        True
        """
        return True

    def detach(self):
        """A new tensor object viewing the same storage (torch's detach: a
        view; th has no autograd to detach from).

        >>> import th
        >>> t = th.zeros(2)
        >>> d = t.detach()
        >>> d is t, d.data_ptr() == t.data_ptr()
        (False, True)
        """
        return wrap_tensor(THTensor_newWithTensor(self.cdata))

    def detach_(self):
        """This tensor itself (nothing to detach from: th has no autograd).

        >>> t = th.ones(2)
        >>> t.detach_() is t
        True
        """
        return self

    @property
    def data(self):
        """A view of the same storage, as torch's .data (= detach()).

        >>> t = th.ones(2)
        >>> t.data.data_ptr() == t.data_ptr()
        True
        """
        return self.detach()

    def is_floating_point(self):
        """True for float16, bfloat16, float32 and float64 tensors.

        >>> import th
        >>> th.zeros(1).is_floating_point(), th.zeros(1, dtype=th.int64).is_floating_point()
        (True, False)
        """
        return bool(THScalarType_isFloatingPoint(THTensor_dtype(self.cdata)))

    def is_complex(self):
        """True for complex64 and complex128 tensors.

        >>> import th
        >>> th.zeros(1, dtype=th.complex64).is_complex()
        True
        """
        return bool(THScalarType_isComplex(THTensor_dtype(self.cdata)))

    def __format__(self, format_spec):
        """format(t, spec): a 0-dim tensor formats its item (as torch's,
        f"{loss:.4f}"); another tensor takes only an empty spec (its str).

        >>> import th
        >>> f"{th.tensor(3.14159):.2f}"
        '3.14'
        """
        if THTensor_nDimension(self.cdata) == 0:
            return format(self.item(), format_spec)
        if format_spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return str(self)

    def double(self):
        """This tensor as float64: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).double()
        tensor([1., 2.], dtype=th.float64)
        """
        return self.to(dtype_of(TH_FLOAT64))

    def half(self):
        """This tensor as float16: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).half()
        tensor([1., 2.], dtype=th.float16)
        """
        return self.to(dtype_of(TH_FLOAT16))

    def bfloat16(self):
        """This tensor as bfloat16: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).bfloat16()
        tensor([1., 2.], dtype=th.bfloat16)
        """
        return self.to(dtype_of(TH_BFLOAT16))

    def int(self):
        """This tensor as int32: itself when it already is, else a copy (floats truncate).

        >>> th.tensor([1.5, -2.5]).int()
        tensor([ 1, -2], dtype=th.int32)
        """
        return self.to(dtype_of(TH_INT32))

    def long(self):
        """This tensor as int64: itself when it already is, else a copy (floats truncate).

        >>> th.tensor([1.5, -2.5]).long()
        tensor([ 1, -2])
        """
        return self.to(dtype_of(TH_INT64))

    def bool(self):
        """This tensor as bool: itself when it already is, else a copy (nonzero is True).

        >>> th.tensor([0.0, 2.0]).bool()
        tensor([False,  True])
        """
        return self.to(dtype_of(TH_BOOL))

    def byte(self):
        """This tensor as uint8: itself when it already is, else a copy.

        >>> th.tensor([1.5, 2.0]).byte()
        tensor([1, 2], dtype=th.uint8)
        """
        return self.to(dtype_of(TH_UINT8))

    def char(self):
        """This tensor as int8: itself when it already is, else a copy.

        >>> th.tensor([1.5, -2.0]).char()
        tensor([ 1, -2], dtype=th.int8)
        """
        return self.to(dtype_of(TH_INT8))

    def short(self):
        """This tensor as int16: itself when it already is, else a copy.

        >>> th.tensor([1.5, -2.0]).short()
        tensor([ 1, -2], dtype=th.int16)
        """
        return self.to(dtype_of(TH_INT16))

    def type_as(self, other):
        """This tensor in other's dtype: itself when it already is, else a copy.

        >>> th.tensor([1.5, 2.0]).type_as(th.tensor([1]))
        tensor([1, 2])
        """
        if not isinstance(other, Tensor):
            raise TypeError(f"type_as(): argument 'other' must be Tensor, not "
                            f"{type(other).__name__}")
        return self.to(other.dtype)

    def __index__(self):
        if THScalarType_isFloatingPoint(THTensor_dtype(self.cdata)):
            raise TypeError("only integer tensors of one element can be used as an index")
        return int(self.item())

    # ------------------------------------------------------- in place
    def fill_(self, value):
        """Set every element to value: a number (ValueError if the dtype
        cannot hold it), or a 0-dim tensor, copied in as copy_ converts it.

        >>> th.empty(3).fill_(7)
        tensor([7., 7., 7.])
        """
        if isinstance(value, Tensor):
            # torch's fill_(Tensor) is a copy_: its cast, and its refusal of a
            # self whose elements share memory (a number fill takes that self:
            # every element gets the one value whatever the order)
            if (<Tensor>value).ndim != 0:
                raise Error(f"fill_ only supports a 0-dim value tensor, got one with "
                            f"{(<Tensor>value).ndim} dims")
            copy_tensor(self.cdata, (<Tensor>value).cdata)
        else:
            fill_tensor(self.cdata, value)
        return self

    def zero_(self):
        """Fill with zeros, in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).zero_()
        tensor([[0., 0.],
                [0., 0.]])
        """
        THTensor_fillInt64(self.cdata, 0)
        return self

    def resize_(self, *size):
        """New sizes, contiguous, at the same offset; the storage grows when
        needed (refused while it is shared). A tensor that has these sizes
        already keeps its strides, as torch's (an out= view stays a view).

        >>> th.arange(4.0).resize_(2, 2)
        tensor([[0., 1.],
                [2., 3.]])
        """
        cdef int64_t sizes[TH_MAX_DIMS]
        cdef int nd = parse_shape(size, sizes, "size")
        THTensor_resizeNd(self.cdata, nd, sizes,
                          THTensor_strides(self.cdata) if has_shape(self.cdata, nd, sizes)
                          else NULL)
        return self

    def resize_as_(self, the_template):
        """resize_(the_template's sizes).

        >>> th.zeros(2).resize_as_(th.ones(2, 3)).shape
        (2, 3)
        """
        if not isinstance(the_template, Tensor):
            raise TypeError(f"resize_as_(): argument 'the_template' must be Tensor, not "
                            f"{type(the_template).__name__}")
        return self.resize_(the_template.shape)

    def sum_to_size(self, *size):
        """Summed over the dims that size (to which this tensor's shape
        broadcasts) has as 1 or lacks: the reverse of expand().

        >>> th.arange(6.0).view(2, 3).sum_to_size(1, 3)
        tensor([[3., 5., 7.]])
        """
        if len(size) == 1 and isinstance(size[0], (tuple, list)):
            size = tuple(size[0])
        elif not size:
            raise TypeError('sum_to_size() missing 1 required positional arguments: "size"')
        size = tuple([index_of(n, "sum_to_size(): size") for n in size])
        shape = self.shape
        lead = len(shape) - len(size)
        if lead < 0 or any([n != 1 and n != m for n, m in zip(size, shape[lead:])]):
            raise Error(f"size {{{list(size)}}} is not expandable to size {{{list(shape)}}}.")
        dims = tuple(range(lead)) + tuple([lead + d for d, n in enumerate(size)
                                           if n == 1 and shape[lead + d] != 1])
        result = self.sum(dims, keepdim=True) if dims else self
        return result.view(size) if lead else result

    def fill_diagonal_(self, fill_value, wrap=False):
        """Fill the main diagonal (the elements whose indices are all equal)
        with fill_value, in place. All dims must be equal but for a 2-dim
        tensor; wrap=True continues a tall matrix's diagonal every
        columns + 1 rows, as torch (and numpy) do.

        >>> th.zeros(2, 3).fill_diagonal_(5)
        tensor([[5., 0., 0.],
                [0., 5., 0.]])
        """
        # a Number: a Python or numpy number, or a 0-dim tensor (torch's parser takes it)
        if not isinstance(fill_value, (int, float, complex)) \
                and not (hasattr(fill_value, "dtype") and getattr(fill_value, "ndim", 1) == 0):
            raise TypeError(f"fill_diagonal_(): argument 'fill_value' (position 1) must be "
                            f"Number, not {type(fill_value).__name__}")
        cdef int nd = THTensor_nDimension(self.cdata)
        if nd < 2:
            raise Error("dimensions must larger than 1")
        shape = self.shape
        if nd > 2 and any([n != shape[0] for n in shape]):
            raise Error("all dimensions of input must be of equal length")
        value = _th_module("_factories").tensor(fill_value, dtype=self.dtype)
        if nd == 2 and wrap and shape[0] > shape[1] + 1:
            # the flat positions k * (columns + 1) of the row-major matrix: the
            # diagonals of blocks of columns rows, columns + 1 rows apart
            for start in range(0, shape[0], shape[1] + 1):
                self.narrow(0, start, min(shape[1], shape[0] - start)).diagonal().fill_(value)
            return self
        diagonal = self
        while diagonal.ndim > 1:  # each step takes dims 0 and 1's diagonal, as a last dim
            diagonal = diagonal.diagonal(0, 0, 1)
        diagonal.fill_(value)
        return self

    def is_pinned(self):
        """False: th has no pinned (page-locked) memory; it computes on the CPU only.

        >>> th.zeros(2).is_pinned()
        False
        """
        return False

    def pin_memory(self):
        """Refused, as torch refuses it without an accelerator: th computes on the CPU only.

        >>> th.zeros(2).pin_memory()
        Traceback (most recent call last):
        ...
        th.Error: pin_memory(): pinned memory requires an accelerator backend; th computes on the CPU only
        """
        raise Error("pin_memory(): pinned memory requires an accelerator backend; th computes on "
                    "the CPU only")

    def is_conj(self):
        """False: th conjugates at once (conj() of a complex tensor is a copy), never
        lazily (torch's conj() is lazy: its is_conj() is then True).

        >>> th.tensor([1j]).is_conj()
        False
        """
        return False

    def is_neg(self):
        """False: th negates at once, never lazily.

        >>> th.zeros(2).is_neg()
        False
        """
        return False

    def resolve_conj(self):
        """This tensor itself (th has no lazy conjugate to resolve).

        >>> t = th.tensor([1j])
        >>> t.resolve_conj() is t
        True
        """
        return self

    def resolve_neg(self):
        """This tensor itself (th has no lazy negation to resolve).

        >>> t = th.zeros(2)
        >>> t.resolve_neg() is t
        True
        """
        return self

    @property
    def is_meta(self):
        """False: every th tensor has its elements in memory.

        >>> th.zeros(2).is_meta
        False
        """
        return False

    def apply_(self, callable):
        """Each element x replaced by callable(x), a number (a Python call per
        element: slow, as torch's), in place; the results are converted as to()
        converts (an integer wraps, a float beyond float16's range is inf).

        >>> th.arange(4.0).apply_(lambda x: x * 2 + 1)
        tensor([1., 3., 5., 7.])
        """
        values = [callable(x) for x in self.reshape(-1).tolist()]
        _store_numbers(self, values, "apply_")
        return self

    def map_(self, tensor, callable):
        """Each element x replaced by callable(x, y), y the element of tensor
        (broadcast to this shape) at its place, in place (a Python call per
        element, as torch's).

        >>> th.arange(3.0).map_(th.tensor([10.0]), lambda x, y: x + y)
        tensor([10., 11., 12.])
        """
        if not isinstance(tensor, Tensor):
            raise TypeError(f"map_(): argument 'tensor' must be Tensor, not "
                            f"{type(tensor).__name__}")
        if tensor.dtype != self.dtype:
            raise TypeError(f"map_(): expected a tensor of dtype {self.dtype} for 'tensor', "
                            f"got {tensor.dtype}")
        # every element of tensor is read before any is written (torch's loop
        # reads an aliased tensor as it writes)
        others = tensor.broadcast_to(self.shape).reshape(-1).tolist()
        values = [callable(x, y) for x, y in zip(self.reshape(-1).tolist(), others)]
        _store_numbers(self, values, "map_")
        return self

    def set_(self, source, storage_offset=0, size=None, stride=None):
        """Take a tensor's storage and geometry, or view a th.Storage: all of
        it, 1-dim, or the given size (and stride; default contiguous) from
        storage_offset, which must lie inside it.

        >>> th.empty(0).set_(th.arange(3.0))
        tensor([0., 1., 2.])
        """
        cdef int64_t sizes[TH_MAX_DIMS]
        cdef int64_t strides[TH_MAX_DIMS]
        cdef int nd = 1
        cdef int64_t offset, n
        if isinstance(source, Tensor):
            if size is not None or stride is not None or storage_offset:
                raise TypeError("set_(tensor) takes no offset, size or stride")
            THTensor_set(self.cdata, (<Tensor>source).cdata)
        elif isinstance(source, Storage):
            offset = as_int64(storage_offset, "set_(): storage_offset")
            if size is None:
                n = THStorage_size((<Storage>source).cdata)
                if offset > n:
                    raise ArgumentError(f"set_: storage_offset {offset} is past the end of the "
                                        f"storage ({n} elements)")
                sizes[0] = n - offset
            else:
                nd = parse_shape((size,), sizes, "size")
            if stride is not None and parse_shape((stride,), strides, "stride") != nd:
                raise ArgumentError(f"set_: {nd} sizes but {len(stride)} strides")
            THTensor_setStorageNd(self.cdata, (<Storage>source).cdata, offset, nd, sizes,
                                  NULL if stride is None else strides)
            _remember_storage_object(source)
        else:
            raise TypeError(f"set_() takes a th.Tensor or th.Storage, got {type(source).__name__}")
        return self

    def __repr__(self):
        from th._format import format_tensor
        return format_tensor(self)

    # ------------------------------------------------------- sparse COO (th/_sparse.pyx)
    @property
    def is_sparse(self):
        """False: a th.Tensor is strided (th.SparseTensor is sparse).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).is_sparse
        False
        """
        return False

    @property
    def layout(self):
        """th.strided: a th.Tensor is a strided view (th.SparseTensor's is th.sparse_coo).

        >>> th.zeros(2).layout
        th.strided
        """
        return _th_module("_layout").strided

    def to_dense(self, dtype=None):
        """This tensor itself: it is dense already (th.SparseTensor.to_dense()
        makes one); with dtype=, as to(dtype).

        >>> t = th.zeros(2)
        >>> t.to_dense() is t
        True
        """
        return self if dtype is None else self.to(dtype)

    def to_sparse(self, sparse_dim=None):
        """A th.SparseTensor of the nonzero entries: the first sparse_dim
        dims (default all) sparse, the rest dense; coalesced.

        >>> th.tensor([[0, 1], [2, 0]]).to_sparse().indices()
        tensor([[0, 1],
                [1, 0]])
        """
        from th._sparse import from_dense
        return from_dense(self, sparse_dim)

    # ------------------------------------------------------- interop
    def numpy(self):
        """A numpy array over this tensor's memory (no copy); its base keeps
        the storage alive. Read-only for an expanded tensor. bfloat16 (which
        numpy lacks) needs ml_dtypes, else TypeError: use .float().

        >>> th.tensor([1.0, 2.0]).numpy()
        array([1., 2.], dtype=float32)
        """
        import numpy
        return numpy.asarray(self)

    def __array__(self, dtype=None, copy=None):
        import numpy
        if THTensor_dtype(self.cdata) == TH_BFLOAT16:
            from th._interop import bfloat16_to_numpy
            a = bfloat16_to_numpy(self)
        else:
            a = numpy.asarray(memoryview(self))
        if dtype is not None and a.dtype != numpy.dtype(dtype):
            if copy is False:
                raise ValueError(f"__array__: converting {self.dtype!r} to {dtype} needs a copy")
            return a.astype(dtype)
        return a.copy() if copy else a

    # numpy's protocol: a numpy ufunc given a tensor, and an ndarray operator
    # with a tensor on the other side, return a th.Tensor (torch's results)
    # instead of numpy converting the tensor (th/_interop.pyx, array_ufunc).
    # The priority is torch's, for code that still consults it.
    __array_priority__ = 1000

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        from th._interop import array_ufunc
        return array_ufunc(ufunc, method, inputs, kwargs)

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over this tensor (versioned when max_version >= (1, 0));
        it pins the storage until the consumer is done with it. A read-only
        tensor's capsule is flagged read-only, so it must be versioned
        (BufferError otherwise, as numpy's; copy=True exports a copy)."""
        from th._dlpack import to_dlpack
        return to_dlpack(self, stream, max_version, dl_device, copy)

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU, device 0

    def __array_namespace__(self, *, api_version=None):
        """th's namespace for the Python array API standard, th.array_api
        (api_version None or '2024.12'; the earlier versions it covers too).

        >>> import th
        >>> xp = th.ones(2).__array_namespace__()
        >>> xp.__array_api_version__
        '2024.12'
        """
        if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
            raise ValueError(f"__array_namespace__: api_version {api_version!r} is not "
                             f"supported (th implements '2024.12')")
        import th.array_api
        return th.array_api

    def to_device(self, device, /, *, stream=None):
        """The array API standard's move to ``device``: th has only the CPU, so this
        tensor itself for "cpu" or a device object of type 'cpu'; others are refused.

        >>> import th
        >>> t = th.ones(2)
        >>> t.to_device("cpu") is t
        True
        """
        if not (device == "cpu" or getattr(device, "type", None) == "cpu"):
            raise ArgumentError(f"to_device: th computes on the CPU only; device {device!r} "
                                f"is not available")
        return self

    def share_memory_(self):
        """Move the storage into shared memory (in place: every view
        follows), to pass it to other processes without copying.

        >>> th.ones(2).share_memory_().is_shared()
        True
        """
        THDebug_checkTensor(self.cdata)
        THStorage_moveToSharedMemory(THTensor_storage(self.cdata))
        return self

    def is_shared(self):
        """True if the storage is in shared memory.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).is_shared()
        False
        """
        THDebug_checkTensor(self.cdata)
        return THStorage_isShared(THTensor_storage(self.cdata)) != 0

    # ------------- torch's first-week methods over th's functions (th/_elementwise.py,
    # th/_statistics.py, th/_out_of_place.py, th/_legacy_linalg.py)
    def count_nonzero(self, dim=None):
        """The number of nonzero elements, over dim (every dim when None; th.count_nonzero).

        >>> th.tensor([[0, 1], [2, 3]]).count_nonzero(0)
        tensor([1, 2])
        """
        return _th_module("_statistics").count_nonzero(self, dim)

    def aminmax(self, *, dim=None, keepdim=False):
        """The named tuple (min, max) of the elements, over dim when given (th.aminmax).

        >>> th.tensor([3, 1, 2]).aminmax()
        aminmax(min=tensor(1), max=tensor(3))
        """
        return _th_module("_statistics").aminmax(self, dim=dim, keepdim=keepdim)

    def clamp_min(self, min):
        """Each element at least min (th.clamp_min).

        >>> th.tensor([1.0, 3.0]).clamp_min(2.0)
        tensor([2., 3.])
        """
        return _th_module("_elementwise").clamp_min(self, min)

    def clamp_min_(self, min):
        """In place clamp_min(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).clamp_min_(2.0)
        tensor([2., 3.])
        """
        return self.clamp_(min=min)

    def clamp_max(self, max):
        """Each element at most max (th.clamp_max).

        >>> th.tensor([1.0, 3.0]).clamp_max(2.0)
        tensor([1., 2.])
        """
        return _th_module("_elementwise").clamp_max(self, max)

    def clamp_max_(self, max):
        """In place clamp_max(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).clamp_max_(2.0)
        tensor([1., 2.])
        """
        return self.clamp_(max=max)

    def true_divide(self, other):
        """self / other with true division (th.true_divide).

        >>> th.tensor([1, 3]).true_divide(2)
        tensor([0.5000, 1.5000])
        """
        return _th_module("_elementwise").true_divide(self, other)

    def true_divide_(self, other):
        """In place true_divide(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).true_divide_(2)
        tensor([0.5000, 1.5000])
        """
        return self.div_(other)

    def positive(self):
        """This tensor itself (unary +; th.positive).

        >>> th.tensor([1, -2]).positive()
        tensor([ 1, -2])
        """
        return _th_module("_elementwise").positive(self)

    def asinh(self):
        """The inverse hyperbolic sine of each element (th.asinh).

        >>> th.tensor([1.0]).asinh()
        tensor([0.8814])
        """
        return _expr_ops().asinh(self)

    def asinh_(self):
        """In place asinh(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0]).asinh_()
        tensor([0.8814])
        """
        return _expr_ops().asinh(self, out=self)

    def acosh(self):
        """The inverse hyperbolic cosine of each element (th.acosh).

        >>> th.tensor([2.0]).acosh()
        tensor([1.3170])
        """
        return _expr_ops().acosh(self)

    def acosh_(self):
        """In place acosh(): writes the result into this tensor and returns it.

        >>> th.tensor([2.0]).acosh_()
        tensor([1.3170])
        """
        return _expr_ops().acosh(self, out=self)

    def atanh(self):
        """The inverse hyperbolic tangent of each element (th.atanh).

        >>> th.tensor([0.5]).atanh()
        tensor([0.5493])
        """
        return _expr_ops().atanh(self)

    def atanh_(self):
        """In place atanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5]).atanh_()
        tensor([0.5493])
        """
        return _expr_ops().atanh(self, out=self)

    def arcsinh(self):
        """The inverse hyperbolic sine of each element (th.arcsinh).

        >>> th.tensor([1.0]).arcsinh()
        tensor([0.8814])
        """
        return _expr_ops().asinh(self)

    def arcsinh_(self):
        """In place arcsinh(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0]).arcsinh_()
        tensor([0.8814])
        """
        return _expr_ops().asinh(self, out=self)

    def arccosh(self):
        """The inverse hyperbolic cosine of each element (th.arccosh).

        >>> th.tensor([2.0]).arccosh()
        tensor([1.3170])
        """
        return _expr_ops().acosh(self)

    def arccosh_(self):
        """In place arccosh(): writes the result into this tensor and returns it.

        >>> th.tensor([2.0]).arccosh_()
        tensor([1.3170])
        """
        return _expr_ops().acosh(self, out=self)

    def arctanh(self):
        """The inverse hyperbolic tangent of each element (th.arctanh).

        >>> th.tensor([0.5]).arctanh()
        tensor([0.5493])
        """
        return _expr_ops().atanh(self)

    def arctanh_(self):
        """In place arctanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5]).arctanh_()
        tensor([0.5493])
        """
        return _expr_ops().atanh(self, out=self)

    def isreal(self):
        """Whether each element is real (th.isreal).

        >>> th.tensor([1 + 0j, 1j]).isreal()
        tensor([ True, False])
        """
        return _th_module("_elementwise").isreal(self)

    def is_nonzero(self):
        """Whether this one-element tensor is nonzero (th.is_nonzero).

        >>> th.tensor([0.0]).is_nonzero()
        False
        """
        return _th_module("_elementwise").is_nonzero(self)

    def angle(self):
        """The phase of each element (th.angle).

        >>> th.tensor([-1.0, 1.0]).angle()
        tensor([3.1416, 0.0000])
        """
        return _th_module("_elementwise").angle(self)

    def heaviside(self, values):
        """The Heaviside step of each element, values where it is 0 (th.heaviside).

        >>> th.tensor([-1.0, 0.0, 2.0]).heaviside(th.tensor([0.5]))
        tensor([0.0000, 0.5000, 1.0000])
        """
        return _th_module("_elementwise").heaviside(self, values)

    def heaviside_(self, values):
        """In place heaviside(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.0, 0.0, 2.0]).heaviside_(th.tensor([0.5]))
        tensor([0.0000, 0.5000, 1.0000])
        """
        ops = _th_module("_elementwise")
        return ops._in_place(self, ops.heaviside(self, values), "heaviside_")

    def logit(self, eps=None):
        """log(p / (1 - p)) of each element p, clamped to [eps, 1 - eps] first when eps is given.

        >>> th.tensor([0.25, 0.5]).logit()
        tensor([-1.0986,  0.0000])
        """
        return _th_module("_elementwise").logit(self, eps)

    def logit_(self, eps=None):
        """In place logit(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).logit_()
        tensor([-1.0986,  0.0000])
        """
        ops = _th_module("_elementwise")
        return ops._in_place(self, ops.logit(self, eps), "logit_")

    def nanmean(self, dim=None, keepdim=False, *, dtype=None):
        """The mean of the elements that are not NaN, over dim (th.nanmean).

        >>> th.tensor([1.0, float('nan'), 3.0]).nanmean()
        tensor(2.)
        """
        return _th_module("_statistics").nanmean(self, dim, keepdim, dtype=dtype)

    def cov(self, *, correction=1, fweights=None, aweights=None):
        """The covariance matrix of the variables in the rows (th.cov).

        >>> th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]).cov()
        tensor([[ 1., -1.],
                [-1.,  1.]])
        """
        ops = _th_module("_statistics")
        return ops.cov(self, correction=correction, fweights=fweights, aweights=aweights)

    def corrcoef(self):
        """The Pearson correlation coefficients of the variables in the rows (th.corrcoef).

        >>> th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]).corrcoef()
        tensor([[ 1., -1.],
                [-1.,  1.]])
        """
        return _th_module("_statistics").corrcoef(self)

    def index_copy(self, dim, index, source):
        """A copy with source's slices along dim written at index (th.index_copy).

        >>> th.zeros(3).index_copy(0, th.tensor([2]), th.tensor([5.0]))
        tensor([0., 0., 5.])
        """
        return _th_module("_out_of_place").index_copy(self, dim, index, source)

    def index_fill(self, dim, index, value):
        """A copy with the slices along dim at index filled with value (th.index_fill).

        >>> th.zeros(3).index_fill(0, th.tensor([2]), 5.0)
        tensor([0., 0., 5.])
        """
        return _th_module("_out_of_place").index_fill(self, dim, index, value)

    def det(self):
        """The determinant of each square matrix (th.det).

        >>> th.tensor([[2.0, 0.0], [0.0, 3.0]]).det()
        tensor(6.)
        """
        return _th_module("_legacy_linalg").det(self)

    def logdet(self):
        """The log of each square matrix's determinant (th.logdet).

        >>> th.tensor([[1.0, 0.0], [0.0, 1.0]]).logdet()
        tensor(0.)
        """
        return _th_module("_legacy_linalg").logdet(self)

    def slogdet(self):
        """The named tuple (sign, logabsdet) of each determinant (th.slogdet).

        >>> th.tensor([[1.0, 0.0], [0.0, 1.0]]).slogdet()
        slogdet(sign=tensor(1.), logabsdet=tensor(0.))
        """
        return _th_module("_legacy_linalg").slogdet(self)

    def inverse(self):
        """The inverse of each square matrix (th.inverse).

        >>> th.tensor([[2.0, 0.0], [0.0, 4.0]]).inverse()
        tensor([[0.5000, 0.0000],
                [0.0000, 0.2500]])
        """
        return _th_module("_legacy_linalg").inverse(self)

    def pinverse(self, rcond=1e-15):
        """The pseudo-inverse of each matrix (th.pinverse).

        >>> th.tensor([[2.0, 0.0]]).pinverse()
        tensor([[0.5000],
                [0.0000]])
        """
        return _th_module("_legacy_linalg").pinverse(self, rcond)

    def matrix_power(self, n):
        """Each square matrix to the integer power n (th.matrix_power).

        >>> th.tensor([[1, 1], [0, 1]]).matrix_power(2)
        tensor([[1, 2],
                [0, 1]])
        """
        return _th_module("_legacy_linalg").matrix_power(self, n)

    def matrix_exp(self):
        """The matrix exponential of each square matrix (th.matrix_exp).

        >>> th.zeros(1, 1).matrix_exp()
        tensor([[1.]])
        """
        return _th_module("_legacy_linalg").matrix_exp(self)

    def cholesky(self, upper=False):
        """The Cholesky factor of each positive-definite matrix (th.cholesky).

        >>> th.tensor([[4.0, 2.0], [2.0, 2.0]]).cholesky()
        tensor([[2., 0.],
                [1., 1.]])
        """
        return _th_module("_legacy_linalg").cholesky(self, upper)

    def cholesky_inverse(self, upper=False):
        """The inverse of A from this Cholesky factor of A (th.cholesky_inverse).

        >>> th.tensor([[2.0, 0.0], [1.0, 1.0]]).cholesky_inverse()
        tensor([[ 0.5000, -0.5000],
                [-0.5000,  1.0000]])
        """
        return _th_module("_legacy_linalg").cholesky_inverse(self, upper)

    def cholesky_solve(self, input2, upper=False):
        """The solution X of A X = self, A given by its Cholesky factor input2 (th.cholesky_solve).

        >>> th.tensor([[2.0], [1.0]]).cholesky_solve(th.eye(2))
        tensor([[2.],
                [1.]])
        """
        return _th_module("_legacy_linalg").cholesky_solve(self, input2, upper)

    def qr(self, some=True):
        """The named tuple (Q, R) of each matrix's QR factorisation (th.qr).

        >>> th.tensor([[3.0, 1.0], [4.0, 2.0]]).qr().R
        tensor([[-5.0000, -2.2000],
                [ 0.0000,  0.4000]])
        """
        return _th_module("_legacy_linalg").qr(self, some)

    def svd(self, some=True, compute_uv=True):
        """The named tuple (U, S, V) of each matrix's singular value decomposition (th.svd).

        >>> th.tensor([[3.0, 0.0], [0.0, -2.0]]).svd().S
        tensor([3., 2.])
        """
        return _th_module("_legacy_linalg").svd(self, some, compute_uv)

    def lu(self, pivot=True, get_infos=False):
        """(LU, pivots), with get_infos also info, of each matrix (th.lu).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).lu()[1]
        tensor([2, 2], dtype=th.int32)
        """
        return _th_module("_legacy_linalg").lu(self, pivot, get_infos)

    def lu_solve(self, LU_data, LU_pivots):
        """The solution X of A X = self from A's LU factorisation (th.lu_solve).

        >>> LU, pivots = th.linalg.lu_factor(th.tensor([[2.0, 0.0], [0.0, 4.0]]))
        >>> th.tensor([[2.0], [4.0]]).lu_solve(LU, pivots)
        tensor([[1.],
                [1.]])
        """
        return _th_module("_legacy_linalg").lu_solve(self, LU_data, LU_pivots)

    def is_readonly(self):
        """True if the tensor views read-only memory (bytes, a non-writeable
        numpy array, a read-only mmap or memoryview, a read-only DLPack
        capsule), shared without a copy. Its views are read-only too, and
        every write (in-place ops, copy_, fill_, setitem, out=, resize_,
        share_memory_, a writable buffer export) is a RuntimeError or, for
        buffers, BufferError; .clone() gives a writable copy. numpy's
        counterpart is ``not a.flags.writeable``.

        >>> t = th.frombuffer(b"\\x01\\x02", dtype=th.uint8)
        >>> t.is_readonly(), t[1:].is_readonly(), t.clone().is_readonly()
        (True, True, False)
        """
        THDebug_checkTensor(self.cdata)
        return (THStorage_flags(THTensor_storage(self.cdata)) & TH_STORAGE_READONLY) != 0

    def __reduce_ex__(self, protocol):
        from th._pickle import reduce_tensor
        return reduce_tensor(self, protocol)

    # ------------------------------------------------------- buffer protocol
    def __getbuffer__(self, Py_buffer *view, int flags):
        THDebug_checkTensor(self.cdata)  # the data is handed out unchecked from here
        export_buffer(self, view, flags, THTensor_storage(self.cdata),
                      <char *>THTensor_data(self.cdata), THTensor_dtype(self.cdata),
                      THTensor_nDimension(self.cdata), THTensor_sizes(self.cdata),
                      THTensor_strides(self.cdata))

    def __releasebuffer__(self, Py_buffer *view):
        release_buffer(view)


cdef inline _remember_storage_object(Storage s):
    """s becomes what storage() returns for its C storage while s lives: a
    storage the user built and the tensors over it stay one object (pickle
    and deepcopy memoize it; `th.Tensor(s).storage() is s`)."""
    _storage_objects[<size_t>s.cdata] = s


cdef int _store_numbers(Tensor t, list values, str fn) except -1:
    """t's elements, in row-major order, set to values (numbers, converted as
    to() converts): apply_ and map_."""
    for v in values:
        if not isinstance(v, (int, float, complex)):
            raise TypeError(f"{fn}(): the callable must return a number, not "
                            f"{type(v).__name__}")
    factories = _th_module("_factories")
    if not values:
        return 0
    t.copy_(factories.tensor(values).to(t.dtype).view(t.shape))
    return 0


cdef object _conjugate_of_scalar(Tensor t, str name):
    """torch's .H and .mH of a 0-dim tensor: its conjugate, deprecated (a warning at
    every use; torch's warns once per process)."""
    import warnings
    # stacklevel 1: a Cython property has no frame, so this names the caller's line
    warnings.warn(f"Tensor.{name} is deprecated on 0-D tensors. Consider using x.conj().",
                  UserWarning, stacklevel=1)
    return t.conj() if t.dtype.is_complex else t


cdef object _gather_module = None


cdef object _gather():
    """th._gather, imported at first use (it cimports this module)."""
    global _gather_module
    if _gather_module is None:
        from th import _gather as module
        _gather_module = module
    return _gather_module


# ------------------------------ element-wise math (th/_tensor_math.pxi)
from cpython.ref cimport Py_REFCNT

cdef dict _th_modules = {}


cdef object _th_module(str name):
    """th.<name>, imported at first use: th._expr, _linalg and _reduce
    cimport this module, so it cannot import them as it loads."""
    module = _th_modules.get(name)
    if module is None:
        module = _th_modules[name] = importlib.import_module("th." + name)
    return module


cdef object _expr_module = None


cdef object _expr_ops():
    """th._expr: held in a global, the operators' path skips the dict."""
    global _expr_module
    if _expr_module is None:
        _expr_module = _th_module("_expr")
    return _expr_module


cdef extern from "_temporaries.h":
    int th_called_by_interpreter()


# A temporary smaller than this is not reused: the look at the C stack that
# proves it a temporary costs a few microseconds (numpy elides from 256 KiB).
cdef int64_t REUSE_MIN_BYTES = 1 << 18


cdef inline bint _maybe_temporary(object t):
    """t's Python object has one reference here and is big enough to reuse."""
    if Py_REFCNT(t) != 1 or not isinstance(t, Tensor):
        return False
    cdef THTensor *c = (<Tensor>t).cdata
    return (THTensor_nElement(c) * THScalarType_elementSize(THTensor_dtype(c))
            >= REUSE_MIN_BYTES)


cdef inline object _binary(int op, object a, object b):
    """a op b by th._expr. An operand whose Python object has one reference
    here, when the interpreter's loop called this operator directly, is that
    loop's temporary (`a * b` in `a * b + c`), held by the expression alone:
    th._expr may write the result into it (_temporaries.h says why the
    caller matters)."""
    cdef bint ta = _maybe_temporary(a), tb = _maybe_temporary(b)
    if (ta or tb) and not th_called_by_interpreter():
        ta = tb = False
    return _expr_ops()._binary_operator(op, a, b, ta, tb)


cdef inline object _unary(int op, object a):
    return _expr_ops()._unary_operator(
        op, a, _maybe_temporary(a) and th_called_by_interpreter())
cdef inline object _linalg():
    return _th_module("_linalg")


cdef inline object _reduce():
    return _th_module("_reduce")


cdef inline object _random():
    return _th_module("_random")


cdef inline object _structure():
    return _th_module("_structure")
cdef inline object _sort():
    return _th_module("_sort")


# ------------------------------------------------------- argument rules
cdef bint _is_size(object arg):
    """th.Tensor(arg) makes a 1-dim tensor of that size for an integer (a
    numpy one too, as torch), a copy of a th.Tensor's data otherwise."""
    return is_integer(arg) and not isinstance(arg, Tensor)


@cython.final
cdef class _Rows:
    """Iterates t[0], t[1], ... as a sequence does: to the current length.
    A class, not a generator: Cython's generators (3.2, 3.3) each leak a
    reference to their shared type."""
    cdef Tensor t
    cdef int64_t i

    def __cinit__(self, Tensor t):
        self.t = t
        self.i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= len(self.t):
            raise StopIteration
        self.i += 1
        return self.t[self.i - 1]


cdef tuple _one_form(str fn, tuple positional, object keyword, str name):
    """The sizes or dims of a method taking them either as arguments or as
    one keyword (torch's permute(dims=...), expand(size=...), ...)."""
    if keyword is None:
        return positional
    if positional:
        raise TypeError(f"{fn}: give {name} either as arguments or as {name}=, not both")
    return (keyword,)


# ------------------------------- dims of torch's reshaping helpers
cdef tuple _wrapped_dims(str fn, object dims, int nd, str what, bint unique=True):
    """dims (an int or a sequence of ints, as parse_shape reads them) wrapped
    into [0, nd), as torch: a 0-dim tensor takes dim 0 or -1. IndexError for
    a dim out of range; RuntimeError for a repeated one when unique."""
    cdef int64_t parsed[TH_MAX_DIMS]
    cdef int i, n = parse_shape(dims if isinstance(dims, tuple) else (dims,), parsed, what)
    cdef int span = nd if nd > 0 else 1
    out = []
    for i in range(n):
        if not -span <= parsed[i] < span:
            raise OutOfRange(f"{fn}: dimension out of range (expected to be in range of "
                             f"[{-span}, {span - 1}], but got {parsed[i]})")
        out.append(<int>(parsed[i] + span if parsed[i] < 0 else parsed[i]))
    if unique and len(set(out)) != len(out):
        raise Error(f"{fn}: repeated dim in `{what}` ({[parsed[i] for i in range(n)]})")
    return tuple(out)


cdef int _wrapped_dim(str fn, object dim, int nd) except -1:
    """One dim (an int, not a sequence), wrapped as _wrapped_dims does."""
    return _wrapped_dims(fn, index_of(dim, f"{fn}(): dim"), nd, "dim")[0]


cdef int _split_dim(str fn, THTensor *t, object dim) except -1:
    if THTensor_nDimension(t) == 0:
        raise Error(f"{fn} expects at least a 1-dimensional tensor")
    return _wrapped_dim(fn, dim, THTensor_nDimension(t))


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
    """Gives back a pinned_snapshot (NULL: nothing)."""
    if snapshot != NULL:
        THStorage_unpin(THTensor_storage(snapshot))
        THTensor_free(snapshot)


cdef Tensor converted(Tensor t, int dt, bint copy):
    """t converted to dtype dt, or t itself (see _tensor.pxd)."""
    if <THScalarType>dt == THTensor_dtype(t.cdata) and not copy:
        return t
    cdef Tensor out = wrap_tensor(THTensor_newWithSize(
        <THScalarType>dt, THTensor_nDimension(t.cdata), THTensor_sizes(t.cdata), NULL))
    copy_tensor(out.cdata, t.cdata)
    return out


# ------------------------- device, dtype and layout arguments (Tensor.to, clone, *_like)
cdef object _device_module():
    return _th_module("_device")


cdef object _memory_formats():
    return _th_module("_memory_format")


cdef object _one_dtype(object given, object other):
    """to()'s dtype: given once (positionally or as dtype=)."""
    if given is not None and given is not other:
        raise TypeError(f"to(): two dtypes given ({given!r} and {other!r})")
    return other


cdef bint _is_device_argument(object arg):
    """A device for to(): a th.device, a string naming no dtype, an integer
    (a device ordinal: refused by th.device)."""
    if isinstance(arg, str):
        try:
            as_scalar_type(arg, TH_FLOAT32)
            return False
        except TypeError:
            return True
    return ((isinstance(arg, int) and not isinstance(arg, bool))
            or isinstance(arg, _device_module().device))


cdef bint is_dense(THTensor *t):
    """torch's is_non_overlapping_and_dense: the strides, dims of size < 2
    aside, are a permutation of a contiguous tensor's."""
    cdef int nd = THTensor_nDimension(t)
    cdef const int64_t *size = THTensor_sizes(t)
    cdef const int64_t *stride = THTensor_strides(t)
    cdef int64_t expected = 1
    for st, sz in sorted([(stride[d], size[d]) for d in range(nd) if size[d] >= 2]):
        if st != expected:
            return False
        expected *= sz
    return True


cdef bint _same_layout(THTensor *a, THTensor *b):
    """a and b (of one shape) step alike along every dim of size >= 2."""
    cdef int d
    for d in range(THTensor_nDimension(a)):
        if THTensor_size(a, d) >= 2 and THTensor_stride(a, d) != THTensor_stride(b, d):
            return False
    return True


cdef Tensor new_like(Tensor t, int dt, object memory_format, str fn):
    """A new uninitialised tensor of t's shape and dtype dt laid out as
    memory_format says (see _tensor.pxd)."""
    cdef int64_t strides[TH_MAX_DIMS]
    cdef const int64_t *layout = NULL
    cdef int d, nd = THTensor_nDimension(t.cdata)
    cdef THExpr *leaf
    if memory_format is None or memory_format is _memory_formats().preserve_format:
        if nd > 1 and is_dense(t.cdata):
            layout = THTensor_strides(t.cdata)
        elif nd > 1:  # torch's infer_dense_strides: dense, the dims in t's stride order
            leaf = THExpr_newTensor(t.cdata)
            if THExpr_resultStrides(leaf, strides):
                layout = strides
            THExpr_free(leaf)
    else:
        wanted = _memory_formats().memory_format_strides(fn, memory_format, t.shape)
        if wanted == "preserve":
            return new_like(t, dt, None, fn)
        if wanted is not None:
            for d in range(nd):
                strides[d] = wanted[d]
            layout = strides
    return wrap_tensor(THTensor_newWithSize(<THScalarType>dt, nd, THTensor_sizes(t.cdata),
                                            layout))


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
    if isinstance(value, _expr_ops().Expr):  # evaluated into dst
        _expr_ops()._assign_expr(wrap_tensor(THTensor_newWithTensor(dst)), value)
        return 0
    if isinstance(value, (int, float)) or not hasattr(value, "__len__"):
        if _shares_elements(dst):
            # torch refuses t[...] = 4 as it refuses t[...] = tensor(4): the
            # number goes the tensor's way, whose copy reports it
            from th._factories import full
            value = full((), value, dtype=dtype_of(THTensor_dtype(dst)))
            return copy_tensor(dst, (<Tensor>value).cdata)
        return fill_tensor(dst, value)
    from th._factories import tensor
    return copy_tensor(dst, (<Tensor>tensor(value, dtype=dtype_of(THTensor_dtype(dst)))).cdata)


cdef bint _shares_elements(THTensor *t) noexcept:
    """Some of t's elements share memory (a stride-0 dim of size > 1, t not
    empty): what THTensor_copy and every other writer but fill refuse."""
    cdef int d, nd = THTensor_nDimension(t)
    cdef const int64_t *size = THTensor_sizes(t)
    cdef const int64_t *stride = THTensor_strides(t)
    for d in range(nd):
        if size[d] == 0:
            return False
    for d in range(nd):
        if size[d] > 1 and stride[d] == 0:
            return True
    return False


cdef int fill_tensor(THTensor *t, object value) except -1:
    """THTensor_fill with a Python number (exact for ints in int64's range)."""
    cdef int64_t i
    cdef double d
    cdef uint64_t element[2]  # complex, or uint64 beyond int64: packed, then stored
    cdef int kind = as_fill_value(value, THTensor_dtype(t), &i, &d, element)
    if kind == NUMBER_INT64:
        return THTensor_fillInt64(t, i)
    if kind == NUMBER_FLOAT:
        return THTensor_fill(t, d)
    return THTensor_fillElement(t, element)


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
# installed only while Tensor's layout is the one they expect (cdata, the
# weakref list, then the attribute dict: no other fields, no GC); otherwise
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
    void PyObject_ClearWeakRefs(PyObject *o) noexcept
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


def _adopt_tensor(uintptr_t address):
    """A th.Tensor taking over a new reference to the C tensor at address
    (th.legacy.adopt_tensor)."""
    if address == 0:
        raise ValueError("adopt_tensor: the address is 0 (NULL)")
    return wrap_tensor(<THTensor *>address)


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
    cdef PyObject **attributes
    cdef PyObject *held
    if (<PyObject **>(_cdata_slot(o) + 1))[0] != NULL:  # the weakref list, after cdata
        PyObject_ClearWeakRefs(o)  # their callbacks see dead references, as in CPython
    attributes = <PyObject **>(_cdata_slot(o) + 2)  # __dict__, after them
    if attributes[0] != NULL:  # (what its values' finalizers run cannot reach o)
        held = attributes[0]
        attributes[0] = NULL
        Py_XDECREF(held)
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
            and tp.tp_weaklistoffset == offset + <Py_ssize_t>sizeof(THTensor *)
            and tp.tp_dictoffset == tp.tp_weaklistoffset + <Py_ssize_t>sizeof(PyObject *)
            and tp.tp_basicsize == tp.tp_dictoffset + <Py_ssize_t>sizeof(PyObject *)):
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


"""th.SparseTensor: a Python object holding one reference to a C THSTensor
(sparse COO, include/TH/THSTensor.h), with torch.sparse's names and
semantics, and th.sparse_coo_tensor / th.sparse.* / Tensor.to_sparse."""
from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_dim, as_int64
from th._dtype cimport as_scalar_type, dtype_of
from th._shape cimport parse_shape
from th._tensor cimport Tensor, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

import th
from th._errors import ArgumentError, Error

cdef extern from "TH/THExpr.h" nogil:
    # the engine's TH name for a dense scale (only here: libTH.pxd's THExpr
    # block belongs to the engine)
    int THTensor_mul(THTensor *r, THTensor *t, double value) except -1

_UNCOALESCED = "Cannot get {} on an uncoalesced tensor, please call .coalesce() first"


cdef struct Pinned:
    # A private sparse tensor over another's indices and values, each a
    # pinned_snapshot: work without the GIL reads it while other threads'
    # zero_(), set_ or share_memory_ on the original cannot pull memory from
    # under it. Given back by unpin().
    THSTensor *s
    THTensor *indices
    THTensor *values


cdef int pin(THSTensor *src, Pinned *p) except -1:
    p.s = NULL
    p.indices = p.values = NULL
    cdef THTensor *i = NULL
    cdef THTensor *v = NULL
    try:
        i = THSTensor_newIndices(src)
        v = THSTensor_newValues(src)
        p.indices = pinned_snapshot(i)
        p.values = pinned_snapshot(v)
        p.s = THSTensor_newWithTensorAndSizeUnsafe(p.indices, p.values,
                                                   THSTensor_nDimension(src), THSTensor_sizes(src))
        THSTensor_setCoalesced(p.s, THSTensor_isCoalesced(src))
    except BaseException:
        unpin(p)
        raise
    finally:
        THTensor_free(i)
        THTensor_free(v)
    return 0


cdef void unpin(Pinned *p) noexcept:
    THSTensor_free(p.s)
    release_snapshot(p.indices)
    release_snapshot(p.values)
    p.s = NULL
    p.indices = p.values = NULL


cdef class SparseTensor:
    """A sparse COO tensor: int64 indices (sparse_dim x nnz) and values
    (nnz x the dense sizes) of a shape. Made by th.sparse_coo_tensor or
    Tensor.to_sparse; one C reference per object.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> isinstance(s, th.SparseTensor), s.to_dense()
    (True, tensor([[0., 5.],
            [6., 0.]]))
    """

    def __init__(self, *args, **kwargs):
        raise TypeError("th.SparseTensor cannot be created directly: use th.sparse_coo_tensor "
                        "or Tensor.to_sparse()")

    def __dealloc__(self):
        THSTensor_free(self.cdata)
        self.cdata = NULL

    # ------------------------------------------------------------ queries
    @property
    def shape(self):
        """The sizes, as a tuple (sparse dims first)."""
        cdef const int64_t *sizes = THSTensor_sizes(self.cdata)
        return tuple([sizes[d] for d in range(THSTensor_nDimension(self.cdata))])

    def size(self, dim=None):
        if dim is None:
            return self.shape
        return THSTensor_size(self.cdata, as_dim(dim, "size(): dim"))

    @property
    def dtype(self):
        return dtype_of(THSTensor_dtype(self.cdata))

    def dim(self):
        return THSTensor_nDimension(self.cdata)

    @property
    def ndim(self):
        return THSTensor_nDimension(self.cdata)

    @property
    def is_sparse(self):
        return True

    @property
    def layout(self):
        """th.sparse_coo (th.Tensor's is th.strided).

        >>> th.tensor([[0, 1], [2, 0]]).to_sparse().layout
        th.sparse_coo
        """
        from th._layout import sparse_coo
        return sparse_coo

    @property
    def refcount(self):
        """The C object's reference count."""
        return THSTensor_refcount(self.cdata)

    def sparse_dim(self):
        return THSTensor_nDimensionI(self.cdata)

    def dense_dim(self):
        return THSTensor_nDimensionV(self.cdata)

    def _nnz(self):
        return THSTensor_nnz(self.cdata)

    def is_coalesced(self):
        return THSTensor_isCoalesced(self.cdata) != 0

    def __len__(self):
        if THSTensor_nDimension(self.cdata) == 0:
            raise TypeError("len() of a 0-d tensor")
        return THSTensor_sizes(self.cdata)[0]

    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    # ------------------------------------------------------------ parts
    def _indices(self):
        """The indices (sparse_dim x nnz) as a view: writing to it changes
        this tensor (and may break its coalesced flag, as in torch)."""
        return wrap_tensor(THSTensor_newIndices(self.cdata))

    def _values(self):
        """The values (nnz x dense sizes) as a view."""
        return wrap_tensor(THSTensor_newValues(self.cdata))

    def indices(self):
        """_indices() of a coalesced tensor; refused (RuntimeError) otherwise."""
        if not THSTensor_isCoalesced(self.cdata):
            raise Error(_UNCOALESCED.format("indices"))
        return self._indices()

    def values(self):
        """_values() of a coalesced tensor; refused (RuntimeError) otherwise."""
        if not THSTensor_isCoalesced(self.cdata):
            raise Error(_UNCOALESCED.format("values"))
        return self._values()

    # ------------------------------------------------------------ copies
    def coalesce(self):
        """self when coalesced, else a new tensor: columns sorted row-major,
        duplicates summed, explicit zeros kept."""
        cdef THSTensor *r
        cdef Pinned p
        cdef THSTensor *snap
        pin(self.cdata, &p)
        snap = p.s
        try:
            with nogil:
                r = THSTensor_newCoalesce(snap)
        finally:
            unpin(&p)  # r == snap (already coalesced) holds a reference of its own
        if r == snap:
            THSTensor_free(r)
            return self
        return wrap_sparse(r)

    def clone(self):
        return wrap_sparse(THSTensor_newClone(self.cdata))

    def to_dense(self):
        """A new dense th.Tensor (zeros plus every entry; duplicates add)."""
        cdef THTensor *r
        cdef Pinned p
        pin(self.cdata, &p)
        try:
            with nogil:
                r = THSTensor_newToDense(p.s)
        finally:
            unpin(&p)
        return wrap_tensor(r)

    def transpose(self, dim0, dim1):
        """Two sparse dims swapped: a new tensor sharing the values (not
        flagged coalesced); a dense dim is refused (ValueError)."""
        return wrap_sparse(THSTensor_newTranspose(self.cdata, as_dim(dim0, "transpose(): dim0"),
                                                  as_dim(dim1, "transpose(): dim1")))

    def t(self):
        cdef int n = THSTensor_nDimension(self.cdata)
        if n > 2:
            raise ArgumentError(f"t() expects a tensor with <= 2 dims, but self is {n}-dim")
        return self.transpose(0, 1) if n == 2 else self.clone()

    def zero_(self):
        THSTensor_zero(self.cdata)
        return self

    def numpy(self):
        raise TypeError("can't convert a sparse tensor to numpy: use to_dense() first")

    def __array__(self, dtype=None, copy=None):
        raise TypeError("can't convert a sparse tensor to numpy: use to_dense() first")

    # ------------------------------------------------------------ math
    def __neg__(self):
        return _scaled(self, -1, False)

    def __mul__(self, other):
        if not _is_number(other):
            return NotImplemented
        return _scaled(self, other, False)

    def __rmul__(self, other):
        if not _is_number(other):
            return NotImplemented
        return _scaled(self, other, False)

    def __truediv__(self, other):
        if not _is_number(other):
            return NotImplemented
        return _scaled(self, other, True)

    def __add__(self, other):
        return _add(self, other, 1.0)

    def __radd__(self, other):
        return _add(self, other, 1.0)

    def __sub__(self, other):
        return _add(self, other, -1.0)

    def __rsub__(self, other):
        if isinstance(other, Tensor):  # dense - sparse
            return _dense_plus(other, -1.0, self)
        return NotImplemented

    # ------------------------------------------------------------ misc
    def __matmul__(self, other):
        """self @ other: a sparse matrix times a dense (or sparse) matrix or vector.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s @ th.tensor([1.0, 2.0])
        tensor([10.,  6.])
        """
        if not isinstance(other, (Tensor, SparseTensor)):
            return NotImplemented
        return _product_matmul(self, other)

    def __rmatmul__(self, other):
        if not isinstance(other, Tensor):
            return NotImplemented
        return _product_matmul(other, self)

    def matmul(self, other):
        """th.matmul(self, other): see __matmul__.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.matmul(th.eye(2))
        tensor([[0., 5.],
                [6., 0.]])
        """
        return _product_matmul(self, other)

    def mm(self, mat2):
        """th.mm(self, mat2): dense for a dense mat2, sparse for a sparse one.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.mm(th.tensor([[1.0], [2.0]]))
        tensor([[10.],
                [ 6.]])
        """
        return _product_mm(self, mat2)

    def mv(self, vec):
        """th.mv(self, vec): a dense vector.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.mv(th.tensor([1.0, 2.0]))
        tensor([10.,  6.])
        """
        return _product_mv(self, vec)

    def sum(self, dim=None):
        """th.sparse.sum(self, dim): a 0-dim dense tensor over every element, a
        sparse one over dims (dense when no sparse dim is left).

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.sum()
        tensor(11.)
        """
        return sum(self, dim)

    def __repr__(self):
        pad = " " * len("sparse_coo_tensor(indices=")
        indices = repr(self._indices()).replace("\n", "\n" + pad)
        values = repr(self._values()).replace("\n", "\n" + " " * len("       values="))
        return (f"sparse_coo_tensor(indices={indices},\n       values={values},\n"
                f"       size={self.shape}, nnz={self._nnz()}, dtype=th.{self.dtype.name}, "
                f"layout=th.sparse_coo)")

    def __reduce__(self):
        return (_rebuild, (self._indices(), self._values(), self.shape, self.is_coalesced()))

    def to_scipy(self):
        """A scipy.sparse.coo_array over the same indices and values (shared
        where scipy accepts them as they are; has_canonical_format is the
        coalesced flag). Dense dims are refused (scipy has none)."""
        import numpy
        import scipy.sparse
        if THSTensor_nDimensionV(self.cdata):
            raise ValueError(f"to_scipy(): scipy has no hybrid tensors, this one has "
                             f"{self.dense_dim()} dense dims")
        indices = numpy.asarray(self._indices())
        coords = tuple([indices[d] for d in range(indices.shape[0])])
        m = scipy.sparse.coo_array((numpy.asarray(self._values()), coords), shape=self.shape)
        m.has_canonical_format = self.is_coalesced()
        return m


cdef SparseTensor wrap_sparse(THSTensor *cdata):
    """A th.SparseTensor owning cdata (steals the caller's reference)."""
    cdef SparseTensor s = SparseTensor.__new__(SparseTensor)
    s.cdata = cdata
    return s


def _rebuild(indices, values, size, coalesced):
    return sparse_coo_tensor(indices, values, size, is_coalesced=coalesced)


cdef bint _is_number(object v):
    return isinstance(v, (int, float, complex)) or (hasattr(type(v), "__index__")
                                                    and not isinstance(v, Tensor))


# kinds for torch's promotion of a tensor with a Python number
cdef int _kind(object dt):
    if dt is th.bool:
        return 0
    if dt.is_complex:
        return 3
    return 2 if dt.is_floating_point else 1


cdef SparseTensor _as_dtype(SparseTensor s, object dt):
    """s with its values converted to dt (a new tensor sharing nothing)."""
    if s.dtype is dt:
        return s
    values = th.empty(s._values().shape, dtype=dt)
    values.copy_(s._values())
    cdef SparseTensor r = sparse_coo_tensor(s._indices().clone(), values, s.shape,
                                            check_invariants=False)
    THSTensor_setCoalesced(r.cdata, THSTensor_isCoalesced(s.cdata))
    return r


cdef SparseTensor _scaled(SparseTensor s, object value, bint divide):
    """s * value or s / value, in torch's result dtype."""
    if isinstance(value, complex):
        raise TypeError("sparse tensors are scaled by real numbers only")
    if isinstance(value, bool):
        value = int(value)
    elif not isinstance(value, (int, float)):
        value = value.__index__()
    dt = s.dtype
    if divide and _kind(dt) < 2:
        dt = th.float32  # true division
    elif _kind(dt) < (2 if isinstance(value, float) else 1):
        dt = th.float32 if isinstance(value, float) else th.int64
    cdef SparseTensor src = _as_dtype(s, dt)
    cdef SparseTensor r = wrap_sparse(THSTensor_newWithSize(THSTensor_dtype(src.cdata), 0, NULL))
    cdef double v = value
    if divide:
        THSTensor_div(r.cdata, src.cdata, v)
    else:
        THSTensor_mul(r.cdata, src.cdata, v)
    return r


cdef object _promote_name(THScalarType a, THScalarType b):
    cdef THScalarType out
    THScalarType_promote(a, b, &out)
    return dtype_of(out)


cdef Tensor _dense_plus(Tensor dense, double value, SparseTensor s):
    """dense + value * s, a new dense tensor of the promoted dtype."""
    dt = _promote_name(THTensor_dtype(dense.cdata), THSTensor_dtype(s.cdata))
    r = th.empty(dense.shape, dtype=dt)  # private: only the operands are pinned
    cdef THTensor *d = NULL
    cdef Pinned p
    pin(s.cdata, &p)
    try:
        d = pinned_snapshot(dense.cdata)
        with nogil:
            THSTensor_spcadd((<Tensor>r).cdata, d, value, p.s)
    finally:
        release_snapshot(d)
        unpin(&p)
    return r


def _add(a, b, double value):
    """a + value * b with a sparse operand: sparse and sparse give a sparse
    (coalesced) result, a dense operand a dense one."""
    cdef SparseTensor r
    cdef Pinned pa, pb
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        r = wrap_sparse(THSTensor_newWithSize(TH_FLOAT32, 0, NULL))
        pin((<SparseTensor>a).cdata, &pa)
        try:
            pin((<SparseTensor>b).cdata, &pb)
            try:
                with nogil:
                    THSTensor_cadd(r.cdata, pa.s, value, pb.s)
            finally:
                unpin(&pb)
        finally:
            unpin(&pa)
        return r
    if isinstance(a, SparseTensor) and isinstance(b, Tensor):
        if value == 1.0:  # sparse + dense: dense + sparse
            return _dense_plus(b, 1.0, a)
        # sparse - dense = (-dense) + sparse
        dt = _promote_name(THTensor_dtype((<Tensor>b).cdata), THSTensor_dtype((<SparseTensor>a).cdata))
        negated = th.empty(b.shape, dtype=dt)
        THTensor_mul((<Tensor>negated).cdata, (<Tensor>b).cdata, -1.0)
        return _dense_plus(negated, 1.0, a)
    if isinstance(b, SparseTensor) and isinstance(a, Tensor):  # reflected dense + sparse
        return _dense_plus(a, value, b)
    return NotImplemented


# ---------------------------------------------------------------- factories
cdef Tensor _as_tensor(object data, object dt):
    if isinstance(data, Tensor):
        t = data
    else:
        t = th.asarray(data)
    if dt is not None and t.dtype is not dt:
        converted = th.empty(t.shape, dtype=dt)
        converted.copy_(t)
        t = converted
    return t


def sparse_coo_tensor(indices, values, size=None, *, dtype=None, is_coalesced=None,
                      check_invariants=True):
    """A sparse COO tensor over indices (int64, sparse_dim x nnz) and values
    (nnz x dense sizes), sharing both (no copy) when they are th.Tensors of
    the right dtype. size=None infers the sparse sizes (largest index + 1).
    check_invariants (default on, unlike torch) checks every index against
    size (IndexError naming the entry) and, with is_coalesced=True, that the
    indices really are sorted and unique.

    >>> th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2)).to_dense()
    tensor([[0., 5.],
            [6., 0.]])
    """
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int n
    cdef THSTensor *s
    dt = None if dtype is None else dtype_of(<THScalarType>as_scalar_type(dtype, TH_FLOAT32))
    if isinstance(indices, Tensor):
        idx = indices
    else:
        idx = th.asarray(indices)
        if idx.dtype is not th.int64 and (idx.numel() == 0 or _kind(idx.dtype) == 1):
            idx = _as_tensor(idx, th.int64)
    cdef Tensor i = idx
    cdef Tensor v = _as_tensor(values, dt)
    if size is None:
        s = THSTensor_newWithTensor(i.cdata, v.cdata)
    else:
        n = parse_shape((size,), sizes, "size")
        if check_invariants:
            s = THSTensor_newWithTensorAndSize(i.cdata, v.cdata, n, sizes)
        else:
            s = THSTensor_newWithTensorAndSizeUnsafe(i.cdata, v.cdata, n, sizes)
    cdef SparseTensor r = wrap_sparse(s)
    if is_coalesced:
        THSTensor_setCoalesced(s, 1)
        if check_invariants:
            THSTensor_checkInvariants(s)
    return r


def from_dense(Tensor t not None, sparse_dim=None):
    """Tensor.to_sparse: the nonzero entries of t (sparse_dim leading dims
    sparse; default all), coalesced."""
    cdef int n = THTensor_nDimension(t.cdata) if sparse_dim is None else as_dim(
        sparse_dim, "to_sparse(): sparse_dim")
    return wrap_sparse(THSTensor_newFromDense(t.cdata, n))


# ---------------------------------------------------------------- th.sparse
def sum(SparseTensor s not None, dim=None):
    """torch.sparse.sum: over every element (a 0-dim dense tensor; integers
    and bool in int64) or over dim (an int or a sequence of ints): a sparse
    tensor, or a dense one when no sparse dim is left. Result dtypes are
    torch's: integers and bool in int64 when a dense dim is summed or the
    result is dense, else the values' dtype (duplicates merged as coalesce
    merges them).

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.sum(s)
    tensor(11.)
    >>> th.sparse.sum(s, 0).to_dense()
    tensor([6., 5.])
    """
    cdef int dims[TH_MAX_DIMS]
    cdef int n = 0
    if dim is None:
        return wrap_tensor(THSTensor_newSumAll(s.cdata))
    seq = dim if isinstance(dim, (tuple, list)) else (dim,)
    if len(seq) > TH_MAX_DIMS:
        raise ArgumentError(f"sum(): at most {TH_MAX_DIMS} dims, got {len(seq)}")
    for d in seq:
        dims[n] = as_dim(d, "sum(): dim")
        n += 1
    cdef SparseTensor r = wrap_sparse(THSTensor_newSum(s.cdata, n, dims))
    return r.to_dense() if r.sparse_dim() == 0 else r


def mm(SparseTensor s not None, Tensor dense not None):
    """torch.sparse.mm: s (2 sparse dims) @ dense, a new dense tensor.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.mm(s, th.eye(2))
    tensor([[0., 5.],
            [6., 0.]])
    """
    shape = (s.shape[0] if s.dim() > 0 else 0, dense.shape[1] if dense.dim() == 2 else 0)
    return addmm(th.empty(shape, dtype=s.dtype), s, dense, beta=0.0)  # beta 0: t is not read


def addmm(Tensor t not None, SparseTensor s not None, Tensor dense not None, *, beta=1.0,
          alpha=1.0):
    """torch.sparse.addmm: beta * t + alpha * (s @ dense), a new dense tensor.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.addmm(th.ones(2, 2), s, th.eye(2), beta=2.0)
    tensor([[2., 7.],
            [8., 2.]])
    """
    r = th.empty(0, dtype=s.dtype)  # private: only the operands are pinned
    cdef double b = beta, a = alpha
    cdef THTensor *pt = NULL
    cdef THTensor *pd = NULL
    cdef Pinned p
    pin(s.cdata, &p)
    try:
        pt = pinned_snapshot(t.cdata)
        pd = pinned_snapshot(dense.cdata)
        with nogil:
            THSTensor_spaddmm((<Tensor>r).cdata, b, pt, a, p.s, pd)
    finally:
        release_snapshot(pt)
        release_snapshot(pd)
        unpin(&p)
    return r


# ------------------------------------- sparse operands of the dense products
def _any_sparse(*operands):
    """Whether any operand is a th.SparseTensor: the dense functions (th.sum,
    the products) ask, through a late import, before passing one on here."""
    for x in operands:
        if isinstance(x, SparseTensor):
            return True
    return False


def _dense_out(r, out):
    """r, or r copied into out= (resized to r's shape, as the products' out=)."""
    if out is None:
        return r
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a th.Tensor, not {type(out).__name__}")
    return out.resize_(r.shape).copy_(r)


def _matrix(str fn, str name, x):
    if not isinstance(x, (Tensor, SparseTensor)):
        raise TypeError(f"{fn}(): argument '{name}' must be a Tensor, not {type(x).__name__}")
    if x.dim() != 2:
        raise ArgumentError(f"{fn}(): {name} must be a matrix, got {x.dim()}-D")
    return x


def _product_mm(a, b, out=None):
    """th.mm with a sparse operand, as torch: sparse @ dense and dense @
    sparse give a dense tensor, sparse @ sparse a sparse one (coalesced)."""
    _matrix("mm", "input", a)
    _matrix("mm", "mat2", b)
    if isinstance(a, SparseTensor) and isinstance(b, SparseTensor):
        if out is not None:
            raise ArgumentError("mm(): out= takes a dense result; sparse @ sparse is sparse")
        return from_dense(mm(a, b.to_dense()))
    if isinstance(a, SparseTensor):
        return _dense_out(mm(a, b), out)
    return _dense_out(mm(b.t(), a.t()).t().contiguous(), out)  # (b^T a^T)^T


def _product_mv(a, v, out=None):
    """th.mv with a sparse matrix: a dense vector."""
    _matrix("mv", "input", a)
    if not isinstance(v, Tensor) or v.dim() != 1:
        raise ArgumentError(f"mv(): vec must be a dense 1-D tensor, got "
                            f"{v.dim() if isinstance(v, (Tensor, SparseTensor)) else type(v).__name__}"
                            f"{'-D sparse' if isinstance(v, SparseTensor) else ''}")
    return _dense_out(mm(a, v.unsqueeze(1)).squeeze(1), out)


def _product_addmm(t, a, b, beta=1, alpha=1, out=None):
    """th.addmm with a sparse mat1: beta * t + alpha * (a @ b), dense. As
    torch, mat2 must be dense."""
    _matrix("addmm", "mat1", a)
    _matrix("addmm", "mat2", b)
    if not isinstance(t, Tensor):
        raise TypeError(f"addmm(): argument 'input' must be a dense Tensor, not "
                        f"{type(t).__name__}")
    if not (isinstance(a, SparseTensor) and isinstance(b, Tensor)):
        raise ArgumentError("addmm(): a sparse operand must be mat1, with a dense mat2 (as "
                            "torch's addmm); write input + mat1 @ mat2 for the others")
    r = addmm(t.expand(a.shape[0], b.shape[1]), a, b, beta=beta, alpha=alpha)
    return _dense_out(r, out)


def _product_matmul(a, b, out=None):
    """th.matmul (and @) with a sparse operand: 2-D @ 2-D is mm, 2-D @ 1-D mv,
    1-D @ 2-D the vector times the matrix; batched sparse products are not
    there (torch has none either)."""
    if a.dim() == 2 and b.dim() == 2:
        return _product_mm(a, b, out)
    if isinstance(a, SparseTensor) and a.dim() == 2 and b.dim() == 1:
        return _product_mv(a, b, out)
    if isinstance(b, SparseTensor) and b.dim() == 2 and a.dim() == 1:
        return _product_mv(b.t(), a, out)
    raise ArgumentError(f"matmul(): a sparse operand takes 2-D @ 2-D, 2-D @ 1-D or 1-D @ 2-D, "
                        f"got {a.dim()}-D @ {b.dim()}-D")


def from_scipy(m):
    """A th.SparseTensor of any scipy.sparse matrix or array (as COO): the
    values shared with m's COO form, its canonical flag kept as the
    coalesced flag.

    >>> import scipy.sparse
    >>> th.sparse.from_scipy(scipy.sparse.eye(2, format='csr')).to_dense()
    tensor([[1., 0.],
            [0., 1.]], dtype=th.float64)
    """
    import numpy
    coo = m.tocoo()
    coords = coo.coords if hasattr(coo, "coords") else (coo.row, coo.col)
    indices = numpy.stack([numpy.asarray(c, dtype=numpy.int64) for c in coords]) if coords else \
        numpy.zeros((0, coo.nnz), dtype=numpy.int64)
    return sparse_coo_tensor(th.asarray(indices), th.asarray(coo.data), coo.shape,
                             is_coalesced=bool(coo.has_canonical_format))

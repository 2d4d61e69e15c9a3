"""Factories from numbers and the structure of matrices with torch's names,
over TH's THTensorFactories.h: th.eye, linspace, logspace, range, diag,
diagflat, diag_embed, tril, triu, tril_indices, triu_indices, trace, cross,
dist, renorm, kron, vander, meshgrid, cartesian_prod, combinations."""
import builtins
import itertools
import warnings

from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_int64
from th._dtype cimport as_scalar_type
from th._factory_args cimport check_factory_args
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *

from th._errors import ArgumentError, DtypeError, OutOfRange, UnsupportedDtype
from th._factories import empty, zeros


cdef Tensor _out(str fn, object out, object dtype, THScalarType default):
    """out (checked), or a new empty tensor of dtype"""
    if out is None:
        return wrap_tensor(THTensor_newWithSize1d(<THScalarType>as_scalar_type(dtype, default), 0))
    if not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): argument 'out' must be a Tensor, not {type(out).__name__}")
    if dtype is not None and out.dtype != _as_dtype(dtype):
        raise TypeError(f"{fn}(): dtype {_as_dtype(dtype)} does not match out's {out.dtype}")
    return out


def _as_dtype(dtype):
    return empty(0, dtype=dtype).dtype


cdef Tensor _tensor(str fn, str name, object value):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' must be a Tensor, not {type(value).__name__}")
    return value


cdef double _number(str fn, str name, object value) except? -1:
    if isinstance(value, Tensor):
        if value.numel() != 1:
            raise ArgumentError(f"{fn}(): argument '{name}' must be a number or a one-element "
                                f"tensor, got shape {tuple(value.shape)}")
        value = value.item()
    if isinstance(value, complex):
        raise TypeError(f"{fn}(): complex '{name}' is not supported")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{fn}(): argument '{name}' must be a number, not "
                        f"{type(value).__name__}") from None


# ------------------------------------------------------------ factories

def eye(n, m=None, *, out=None, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """The n x m identity (n x n without m), the default dtype unless dtype says
    otherwise.

    >>> th.eye(2, 3)
    tensor([[1., 0., 0.],
            [0., 1., 0.]])
    """
    check_factory_args("eye", device, requires_grad, pin_memory)
    cdef Tensor r = _out("eye", out, dtype, THScalarType_defaultFloat())
    cdef int64_t rows = as_int64(n, "n"), cols = rows if m is None else as_int64(m, "m")
    if rows < 0:
        raise ArgumentError(f"eye(): n must be greater or equal to 0, got {rows}")
    if cols < 0:
        raise ArgumentError(f"eye(): m must be greater or equal to 0, got {cols}")
    THTensor_eye(r.cdata, rows, cols)
    return r


def linspace(start, end, steps, *, out=None, dtype=None, device=None, requires_grad=False,
             pin_memory=False):
    """steps values from start to end evenly, torch's: the first half
    counted from start, the second back from end.

    >>> th.linspace(0, 1, 5)
    tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])
    """
    check_factory_args("linspace", device, requires_grad, pin_memory)
    cdef Tensor r = _out("linspace", out, dtype, THScalarType_defaultFloat())
    THTensor_linspace(r.cdata, _number("linspace", "start", start),
                      _number("linspace", "end", end), as_int64(steps, "steps"))
    return r


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, device=None,
             requires_grad=False, pin_memory=False):
    """base to the powers linspace(start, end, steps).

    >>> th.logspace(0, 2, 3)
    tensor([  1.,  10., 100.])
    """
    check_factory_args("logspace", device, requires_grad, pin_memory)
    cdef Tensor r = _out("logspace", out, dtype, THScalarType_defaultFloat())
    THTensor_logspace(r.cdata, _number("logspace", "start", start), _number("logspace", "end", end),
                      as_int64(steps, "steps"), _number("logspace", "base", base))
    return r


def range(start=0, end=None, step=1, *, out=None, dtype=None, device=None, requires_grad=False,
          pin_memory=False):
    """TH's range: start to end inclusive by step (deprecated in torch for
    arange, which excludes end; the default dtype unless dtype says otherwise)."""
    check_factory_args("range", device, requires_grad, pin_memory)
    warnings.warn("th.range is deprecated and will be removed in a future release because its "
                  "behavior is inconsistent with Python's range builtin. Instead, use th.arange, "
                  "which produces values in [start, end).", UserWarning, stacklevel=2)
    if end is None:
        start, end = 0, start
    cdef Tensor r = _out("range", out, dtype, THScalarType_defaultFloat())
    THTensor_range(r.cdata, _number("range", "start", start), _number("range", "end", end),
                   _number("range", "step", step))
    return r


# ------------------------------------------------------------ structure

def diag(input, diagonal=0, *, out=None):
    """A 1-dim input on diagonal `diagonal` of a square matrix; a 2-dim
    input's diagonal, copied.

    >>> th.diag(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([1., 4.])
    >>> th.diag(th.tensor([1, 2]))
    tensor([[1, 0],
            [0, 2]])
    """
    cdef Tensor t = _tensor("diag", "input", input)
    cdef Tensor r = _out("diag", out, t.dtype, TH_FLOAT32)
    THTensor_diag(r.cdata, t.cdata, as_int64(diagonal, "diagonal"))
    return r


def diagflat(input, offset=0):
    """The flattened input on diagonal `offset` of a square matrix.

    >>> th.diagflat(th.tensor([[1.0, 2.0], [3.0, 4.0]])).shape
    (4, 4)
    """
    return diag(_tensor("diagflat", "input", input).reshape(-1), offset)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Each last-dim vector of input on diagonal `offset` of the matrices in
    dims dim1, dim2 of a new tensor (one dim more).

    >>> th.diag_embed(th.tensor([1, 2]))
    tensor([[1, 0],
            [0, 2]])
    """
    cdef Tensor t = _tensor("diag_embed", "input", input)
    nd = t.dim() + 1
    d1, d2 = int(dim1), int(dim2)
    for d in (d1, d2):
        if not -nd <= d < nd:
            raise OutOfRange(f"diag_embed(): Dimension out of range (expected to be "
                                        f"in range of [{-nd}, {nd - 1}], but got {d})")
    d1, d2 = d1 % nd, d2 % nd
    if d1 == d2:
        raise ArgumentError(f"diag_embed(): diagonal dimensions cannot be identical {dim1}, "
                            f"{dim2}")
    shape_in = list(t.shape) or [1]
    n = shape_in.pop() + abs(int(offset))
    rest = shape_in
    shape = [0] * nd
    it = iter(rest)
    for d in builtins.range(nd):
        shape[d] = n if d in (d1, d2) else next(it)
    r = zeros(*shape, dtype=t.dtype)
    r.diagonal(int(offset), d1, d2).copy_(t)
    return r


def tril(input, diagonal=0, *, out=None):
    """The lower triangle of each matrix (the last two dims) from diagonal
    `diagonal` on; the rest 0.

    >>> th.tril(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[1., 0.],
            [3., 4.]])
    """
    cdef Tensor t = _tensor("tril", "input", input)
    cdef Tensor r = _out("tril", out, t.dtype, TH_FLOAT32)
    THTensor_tril(r.cdata, t.cdata, as_int64(diagonal, "diagonal"))
    return r


def triu(input, diagonal=0, *, out=None):
    """The upper triangle of each matrix from diagonal `diagonal` on.

    >>> th.triu(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[1., 2.],
            [0., 4.]])
    """
    cdef Tensor t = _tensor("triu", "input", input)
    cdef Tensor r = _out("triu", out, t.dtype, TH_FLOAT32)
    THTensor_triu(r.cdata, t.cdata, as_int64(diagonal, "diagonal"))
    return r


def tril_(Tensor self, diagonal=0):
    THTensor_tril(self.cdata, self.cdata, as_int64(diagonal, "diagonal"))
    return self


def triu_(Tensor self, diagonal=0):
    THTensor_triu(self.cdata, self.cdata, as_int64(diagonal, "diagonal"))
    return self


def _triangle_indices(fn, row, col, offset, dtype, lower):
    cdef int64_t rows = as_int64(row, "row"), cols = as_int64(col, "col")
    cdef int64_t k = as_int64(offset, "offset"), n = 0, i, j, lo, hi, at = 0
    if rows < 0 or cols < 0:
        raise ArgumentError(f"{fn}(): row must be non-negative, got {rows}" if rows < 0 else
                            f"{fn}(): col must be non-negative, got {cols}")
    # row i's columns are [lo, hi): j - i <= k below the diagonal offset, >= k above it
    # (C loops: this module's `range` is th.range)
    i = 0
    while i < rows:
        lo, hi = _triangle_span(i, cols, k, lower)
        n += hi - lo
        i += 1
    cdef Tensor r = empty(2, n, dtype="int64")
    cdef int64_t *p = <int64_t *>THTensor_data(r.cdata)
    i = 0
    while i < rows:
        lo, hi = _triangle_span(i, cols, k, lower)
        j = lo
        while j < hi:
            p[at] = i
            p[n + at] = j
            at += 1
            j += 1
        i += 1
    return r if dtype is None else empty(2, n, dtype=dtype).copy_(r)


cdef inline (int64_t, int64_t) _triangle_span(int64_t i, int64_t cols, int64_t k, bint lower):
    """The columns [lo, hi) of row i in the triangle."""
    cdef int64_t lo = 0 if lower else max(0, min(cols, i + k))
    cdef int64_t hi = max(0, min(cols, i + k + 1)) if lower else cols
    return lo, hi


def _cdist(Tensor x1, Tensor x2, double p, Tensor out=None):
    """The p-norm distances between the rows of the matrices x1 and x2
    (THTensor_cdist; th.cdist's differences), into out or a new tensor."""
    cdef Tensor r = out if out is not None else empty(0, dtype=x1.dtype)
    THTensor_cdist(r.cdata, x1.cdata, x2.cdata, p)
    return r


def _pdist(Tensor input, double p):
    """The p-norm distances between the pairs of input's rows (THTensor_pdist)."""
    cdef Tensor r = empty(0, dtype=input.dtype)
    THTensor_pdist(r.cdata, input.cdata, p)
    return r


def _new_tensor(values):
    from th._factories import tensor
    return tensor(values)


def tril_indices(row, col, offset=0, *, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
    """The (row, column) indices of the lower triangle of a row x col matrix
    from diagonal offset, row by row: a 2 x N int64 tensor.

    >>> th.tril_indices(3, 3)
    tensor([[0, 1, 1, 2, 2, 2],
            [0, 0, 1, 0, 1, 2]])
    """
    check_factory_args("tril_indices", device, requires_grad, pin_memory)
    return _triangle_indices("tril_indices", row, col, offset, dtype, True)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, requires_grad=False,
                 pin_memory=False):
    """The (row, col) indices of the upper triangle of a row x col matrix from diagonal offset,
    as a 2 x N tensor.

    >>> th.triu_indices(2, 3, 1)
    tensor([[0, 0, 1],
            [1, 2, 2]])
    """
    check_factory_args("triu_indices", device, requires_grad, pin_memory)
    return _triangle_indices("triu_indices", row, col, offset, dtype, False)


def trace(input):
    """The sum of a matrix's diagonal (a 0-dim tensor; integers sum into int64).

    >>> th.trace(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(5.)
    """
    cdef Tensor t = _tensor("trace", "input", input)
    if t.dtype.name == "bool":
        raise UnsupportedDtype("trace is not implemented for bool")
    cdef Tensor r = empty(0, dtype=t.dtype if t.dtype.is_floating_point or t.dtype.is_complex
                          else "int64")
    THTensor_trace(r.cdata, t.cdata)
    return r


def cross(input, other, dim=None, *, out=None):
    """The cross product of the 3-vectors along dim of input and other
    (broadcast together); dim None: the first dim of length 3 (torch.cross).

    >>> th.cross(th.tensor([1.0, 0.0, 0.0]), th.tensor([0.0, 1.0, 0.0]))
    tensor([0., 0., 1.])
    """
    cdef Tensor a = _tensor("cross", "input", input), b = _tensor("cross", "other", other)
    if a.dtype != b.dtype:  # torch promotes nothing here
        raise DtypeError(f"linalg.cross: expected both inputs to have one dtype, got {a.dtype} "
                         f"and {b.dtype}")
    if dim is None:
        shape = (_lazy(a) * b).shape
        dims = [d for d, n in enumerate(shape) if n == 3]
        if not dims:
            raise ArgumentError("no dimension of size 3 in input")
        dim = dims[0]
    cdef Tensor r = _out("cross", out, a.dtype, TH_FLOAT32)
    THTensor_cross(r.cdata, a.cdata, b.cdata, int(dim))
    return r


def _lazy(t):
    from th._expr import lazy
    return lazy(t)


def dist(input, other, p=2):
    """The p-norm of input - other (a 0-dim tensor).

    >>> th.dist(th.tensor([0.0, 0.0]), th.tensor([3.0, 4.0]))
    tensor(5.)
    """
    cdef Tensor a = _tensor("dist", "input", input), b = _tensor("dist", "other", other)
    dtype = (_lazy(a) - b).dtype
    cdef Tensor r = empty(0, dtype=dtype.to_real() if dtype.is_complex else dtype)
    THTensor_dist(r.cdata, a.cdata, b.cdata, _number("dist", "p", p))
    return r


def renorm(input, p, dim, maxnorm):
    """Each slice along dim whose p-norm exceeds maxnorm, scaled to maxnorm.

    >>> th.renorm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 2, 0, 1.0)
    tensor([[0.4472, 0.8944],
            [0.6000, 0.8000]])
    """
    cdef Tensor t = _tensor("renorm", "input", input)
    cdef Tensor r = empty(0, dtype=t.dtype)
    THTensor_renorm(r.cdata, t.cdata, _number("renorm", "p", p), int(dim),
                    _number("renorm", "maxnorm", maxnorm))
    return r


def renorm_(Tensor self, p, dim, maxnorm):
    THTensor_renorm(self.cdata, self.cdata, _number("renorm", "p", p), int(dim),
                    _number("renorm", "maxnorm", maxnorm))
    return self


def kron(input, other):
    """The Kronecker product: each element of input times all of other, in
    blocks (shape: the products of the sizes, the shorter shape padded
    with 1s in front).

    >>> th.kron(th.tensor([1, 2]), th.tensor([1, 10]))
    tensor([ 1, 10,  2, 20])
    """
    cdef Tensor a = _tensor("kron", "input", input), b = _tensor("kron", "other", other)
    nd = max(a.dim(), b.dim())
    sa = (1,) * (nd - a.dim()) + tuple(a.shape)
    sb = (1,) * (nd - b.dim()) + tuple(b.shape)
    left = [s for n in sa for s in (n, 1)]
    right = [s for n in sb for s in (1, n)]
    return (a.reshape(*left) * b.reshape(*right)).reshape(*[x * y for x, y in zip(sa, sb)]) \
        if nd else a * b


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of a 1-dim x: columns x^(N-1) .. x^0 (x^0 ..
    x^(N-1) when increasing), each column the previous times x as torch's
    cumulative product computes it; integers and bool give int64.

    >>> th.vander(th.tensor([1, 2, 3]), N=3)
    tensor([[1, 1, 1],
            [4, 2, 1],
            [9, 3, 1]])
    """
    cdef Tensor t = _tensor("vander", "x", x)
    if t.dim() != 1:
        raise ArgumentError("x must be a one-dimensional tensor.")
    n = t.shape[0] if N is None else as_int64(N, "N")
    if n < 0:
        raise ArgumentError("N must be non-negative.")
    dtype = t.dtype if t.dtype.is_floating_point or t.dtype.is_complex else "int64"
    # the running product in the cumulative product's accumulation type
    # (float64 for the real floating dtypes), rounded once per element
    acc = "complex128" if t.dtype.is_complex else "float64" if t.dtype.is_floating_point \
        else "int64"
    r = empty(t.shape[0], n, dtype=acc)
    x = t.to(acc)
    if n:
        r[:, 0] = 1
        for j in builtins.range(1, n):
            r[:, j] = r[:, j - 1] * x
    r = r.to(dtype)
    return r if increasing else r.flip(1)


def meshgrid(*tensors, indexing=None):
    """Each of k 1-dim tensors expanded over the grid of all their lengths
    (views): indexing 'ij' (the default, with torch's warning) or 'xy'.

    >>> th.meshgrid(th.tensor([1, 2]), th.tensor([3, 4, 5]), indexing='ij')[1]
    tensor([[3, 4, 5],
            [3, 4, 5]])
    """
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warnings.warn("th.meshgrid: in an upcoming release, it will be required to pass the "
                      "indexing argument.", UserWarning, stacklevel=2)
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise ArgumentError(f"th.meshgrid: indexing must be one of \"xy\" or \"ij\", but "
                            f"received: {indexing}")
    if not tensors:
        raise ArgumentError("th.meshgrid expects a non-empty TensorList")
    for t in tensors:
        _tensor("meshgrid", "tensors", t)
        if t.dim() > 1:
            raise ArgumentError(f"th.meshgrid: Expected 0D or 1D tensor in the tensor list but "
                                f"got: {t.dim()}D")
    if any([t.dtype != tensors[0].dtype for t in tensors]):
        raise DtypeError("meshgrid expects all tensors to have the same dtype")
    flat = [t.reshape(-1) for t in tensors]
    swap = indexing == "xy" and len(flat) >= 2
    if swap:
        flat[0], flat[1] = flat[1], flat[0]
    shape = [t.shape[0] for t in flat]
    k = len(flat)
    grids = [t.reshape(*[-1 if d == i else 1 for d in builtins.range(k)]).expand(*shape)
             for i, t in enumerate(flat)]
    if swap:  # 'xy': the grids of the first two swapped back, the shape kept
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


def cartesian_prod(*tensors):
    """Every combination of one element of each 1-dim tensor, in order: a
    (N, k) tensor (a lone tensor comes back as it is).

    >>> th.cartesian_prod(th.tensor([1, 2]), th.tensor([3, 4]))
    tensor([[1, 3],
            [1, 4],
            [2, 3],
            [2, 4]])
    """
    for t in tensors:
        _tensor("cartesian_prod", "tensors", t)
        if t.dim() != 1:
            raise ArgumentError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    if len(tensors) == 1:
        return tensors[0]
    from th._functions import stack
    grids = meshgrid(*tensors, indexing="ij")
    return stack([g.reshape(-1) for g in grids], 1)


def combinations(input, r=2, with_replacement=False):
    """The length-r combinations of a 1-dim tensor's elements, in
    itertools' order: a (M, r) tensor.

    >>> th.combinations(th.tensor([1, 2, 3]), 2)
    tensor([[1, 2],
            [1, 3],
            [2, 3]])
    """
    cdef Tensor t = _tensor("combinations", "input", input)
    if t.dim() != 1:
        raise ArgumentError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    k = as_int64(r, "r")
    if k < 0:
        raise ArgumentError(f"Expect a non-negative number, but got {k}")
    if k == 0:
        return empty(0, dtype=t.dtype)
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    index = [i for c in pick(builtins.range(t.shape[0]), k) for i in c]
    if not index:
        return empty(0, k, dtype=t.dtype)
    return t.index_select(0, _new_tensor(index)).reshape(-1, k)

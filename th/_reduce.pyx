"""torch's reductions over th/src/math/THTensorReduce.c (THTensorMath.h): sum, prod,
mean, max/min (values and indices), amax/amin, argmax/argmin, all, any, norm,
var, std, with torch's names, arguments, result dtypes and exception
classes. th.Tensor's methods of those names call these functions.

dim is None (every dim), an int, or a sequence of ints (sum, mean, amax,
amin, all, any, norm, var, std; max/min/argmax/argmin take one int). Long
reductions run without the GIL, on pinned snapshots of the input and of
out=.

>>> import th
>>> t = th.tensor([[1.0, 5.0], [7.0, 3.0]])
>>> t.sum(0)
tensor([8., 8.])
>>> t.T.max(1)
max(values=tensor([7., 5.]), indices=tensor([1, 0]))
>>> th.tensor([1, 2, 3]).sum().dtype, t.argmax().item(), t.var(correction=0).item()
(th.int64, 2, 5.0)
"""
from libc.stdint cimport int64_t

from collections import namedtuple

cimport th._errors
from th._args cimport as_dim, is_integer
from th._dtype cimport as_scalar_type, dtype_of
from th._expr cimport Expr
from th._tensor cimport Tensor, converted, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *
from th._errors import ArgumentError, Error, UnsupportedDtype

# torch.return_types.max / min: (values, indices)
max_result = namedtuple("max", ["values", "indices"])
min_result = namedtuple("min", ["values", "indices"])

# Reductions of at least this many elements run without the GIL.
cdef int64_t LONG_REDUCTION = 1 << 16

cdef enum Op:
    SUM, PROD, MEAN, AMAX, AMIN, ALL, ANY, NORM, VAR, STD, ARGMAX, ARGMIN, MAX, MIN


cdef struct Dims:
    int n
    int *ptr  # NULL: every dim
    int dims[TH_MAX_DIMS]


cdef int parse_dims(str fn, object dim, Dims *out, bint one=False) except -1:
    """dim (None, an int or a sequence of ints) into out."""
    out.ptr = out.dims
    if dim is None:
        out.n, out.ptr = 0, NULL
        return 0
    if is_integer(dim):
        out.n = 1
        out.dims[0] = as_dim(dim, f"{fn}(): dim")
        return 0
    if one:
        raise TypeError(f"{fn}(): dim must be an int or None, not {type(dim).__name__}")
    try:
        items = list(dim)
    except TypeError:
        raise TypeError(f"{fn}(): dim must be an int, a sequence of ints or None, not "
                        f"{type(dim).__name__}") from None
    if len(items) > TH_MAX_DIMS:
        raise ArgumentError(f"{fn}(): at most {TH_MAX_DIMS} dims, got {len(items)}")
    out.n = len(items)
    for i, d in enumerate(items):
        out.dims[i] = as_dim(d, f"{fn}(): dim")
    if out.n == 0:  # torch: dim=() or [] reduces every dim
        out.ptr = NULL
    return 0


cdef int call(Op op, THTensor *result, THTensor *indices, THTensor *input, Dims *d,
              bint keepdim, double p) except -1 nogil:
    if op == SUM:
        return THTensor_sum(result, input, d.n, d.ptr, keepdim)
    if op == PROD:
        return THTensor_prod(result, input, d.n, d.ptr, keepdim)
    if op == MEAN:
        return THTensor_mean(result, input, d.n, d.ptr, keepdim)
    if op == AMAX:
        return THTensor_amax(result, input, d.n, d.ptr, keepdim)
    if op == AMIN:
        return THTensor_amin(result, input, d.n, d.ptr, keepdim)
    if op == ALL:
        return THTensor_all(result, input, d.n, d.ptr, keepdim)
    if op == ANY:
        return THTensor_any(result, input, d.n, d.ptr, keepdim)
    if op == NORM:
        return THTensor_norm(result, input, p, d.n, d.ptr, keepdim)
    if op == VAR:
        return THTensor_var(result, input, d.n, d.ptr, p, keepdim)
    if op == STD:
        return THTensor_std(result, input, d.n, d.ptr, p, keepdim)
    if op == ARGMAX:
        return THTensor_argmax(result, input, d.ptr, keepdim)
    if op == ARGMIN:
        return THTensor_argmin(result, input, d.ptr, keepdim)
    if op == MAX:
        return THTensor_max(result, indices, input, d.ptr, keepdim)
    return THTensor_min(result, indices, input, d.ptr, keepdim)


cdef bint has_reduced_shape(THTensor *t, THTensor *input, Dims *d, bint keepdim):
    """Whether t already has the shape the reduction gives (False for dims
    the C call will refuse: it reports them)."""
    cdef int nd = THTensor_nDimension(input), i, k, n = 0
    cdef bint mask[TH_MAX_DIMS]
    cdef const int64_t *size = THTensor_sizes(input)
    for i in range(nd):
        mask[i] = d.ptr == NULL
    if d.ptr != NULL:
        for i in range(d.n):
            k = d.ptr[i] + (nd if d.ptr[i] < 0 else 0)
            if nd == 0 and (k == 0 or k == -1):
                continue  # a 0-dim tensor reduces over dim 0 or -1
            if k < 0 or k >= nd or mask[k]:
                return False
            mask[k] = True
    for i in range(nd):
        if mask[i] and not keepdim:
            continue
        if n >= THTensor_nDimension(t) or THTensor_sizes(t)[n] != (1 if mask[i] else size[i]):
            return False
        n += 1
    return n == THTensor_nDimension(t)


cdef int run(Op op, Tensor result, Tensor indices, Tensor input, Dims *d, bint keepdim,
             double p, bint given) except -1:
    """op into result (and indices), without the GIL when long: on pinned
    snapshots of input and, when given (the caller's out=, which other
    threads may hold), of the results, so that another thread's set_,
    resize_ or share_memory_ cannot pull memory from under the call. A given
    result still to be resized is written with the GIL held: the resize must
    reach the tensor itself, not a snapshot."""
    cdef THTensor *ix = indices.cdata if indices is not None else NULL
    cdef THTensor *r = result.cdata
    cdef THTensor *snap = NULL
    cdef THTensor *r_snap = NULL
    cdef THTensor *ix_snap = NULL
    cdef int rc
    if THTensor_nElement(input.cdata) < LONG_REDUCTION or (given and (
            ix == r or not has_reduced_shape(r, input.cdata, d, keepdim)
            or (ix != NULL and not has_reduced_shape(ix, input.cdata, d, keepdim)))):
        return call(op, r, ix, input.cdata, d, keepdim, p)
    try:
        snap = pinned_snapshot(input.cdata)
        if given:
            r = r_snap = pinned_snapshot(r)
            if ix != NULL:
                ix = ix_snap = pinned_snapshot(ix)
        with nogil:
            rc = call(op, r, ix, snap, d, keepdim, p)
    finally:
        release_snapshot(snap)
        release_snapshot(r_snap)
        release_snapshot(ix_snap)
    return rc


cdef THScalarType default_dtype(Op op, THScalarType t):
    """torch's result dtype (THTensorMath.h's table)."""
    if op == SUM or op == PROD:
        return t if THScalarType_isFloatingPoint(t) or THScalarType_isComplex(t) else TH_INT64
    if op == ALL or op == ANY:
        return TH_UINT8 if t == TH_UINT8 else TH_BOOL
    if op == NORM or op == VAR or op == STD:
        return TH_FLOAT32 if t == TH_COMPLEX64 else TH_FLOAT64 if t == TH_COMPLEX128 else t
    if op == ARGMAX or op == ARGMIN:
        return TH_INT64
    return t


cdef Tensor reduce(str fn, Op op, Tensor input, object dim, bint keepdim, object out,
                   double p=0, object dtype=None):
    cdef Dims d
    parse_dims(fn, dim, &d, op >= ARGMAX)
    if dtype is not None:
        # torch's dtype= casts before reducing
        input = converted(input, as_scalar_type(dtype, THTensor_dtype(input.cdata)), False)
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): out must be a th.Tensor, not {type(out).__name__}")
    cdef THScalarType it = THTensor_dtype(input.cdata), ot
    if dtype is None and out is not None and (op == SUM or op == PROD or op == VAR or op == STD):
        # torch reduces into out's dtype, the elements cast to it first:
        # floats into an integer out are truncated one by one (sum([0.9] * 3)
        # is 0), into a bool out every element is a bool (a sum is an or),
        # int32 values into a float16 out may each overflow, and so may real
        # values before their variance (a complex one's is real: not cast).
        # The input is copied only where that differs from the result converted.
        ot = THTensor_dtype((<Tensor>out).cdata)
        if not _sums_alike(it, ot) and (op == SUM or op == PROD or (
                THScalarType_isFloatingPoint(it) and THScalarType_isFloatingPoint(ot))):
            input = converted(input, ot, False)
    cdef THScalarType rt = default_dtype(op, THTensor_dtype(input.cdata))
    if dtype is not None and (op == SUM or op == PROD):
        rt = THTensor_dtype(input.cdata)  # torch: the result is of dtype (int8 too)
    cdef Tensor result = out if out is not None else wrap_tensor(THTensor_new(rt))
    run(op, result, None, input, &d, keepdim, p, out is not None)
    return result


cdef Tensor as_input(str fn, object input):
    """input, a th.Tensor (sum, prod, mean, amax, amin and norm also take a th.Expr)."""
    if isinstance(input, Tensor):
        return input
    raise TypeError(f"{fn}(): argument 'input' (position 1) must be Tensor or th.Expr, not "
                    f"{type(input).__name__}")


cdef Tensor reduce_expr(str fn, Op op, Expr e, object dim, bint keepdim, object out,
                        double p=0, object dtype=None):
    """op over a th.Expr without its value in memory (THTensor_newExprSum ...:
    slab by slab, each reduced at once). dtype= converts e first, as torch
    converts its input; out= takes the result as torch's out= does (resized
    when its shape differs; a sum or product computed in out's dtype)."""
    cdef Dims d
    parse_dims(fn, dim, &d)
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): out must be a th.Tensor, not {type(out).__name__}")
    cdef THScalarType et = THExpr_dtype(e.cdata), ot
    if dtype is not None:
        e = e.to(dtype)
    elif out is not None and (op == SUM or op == PROD):
        ot = THTensor_dtype((<Tensor>out).cdata)
        if not _sums_alike(et, ot):
            e = e.to(dtype_of(ot))
    cdef THExpr *x = e.cdata
    cdef THTensor *r
    if op == SUM:
        r = THTensor_newExprSum(x, d.n, d.ptr, keepdim)
    elif op == PROD:
        r = THTensor_newExprProd(x, d.n, d.ptr, keepdim)
    elif op == MEAN:
        r = THTensor_newExprMean(x, d.n, d.ptr, keepdim)
    elif op == AMAX:
        r = THTensor_newExprAmax(x, d.n, d.ptr, keepdim)
    elif op == AMIN:
        r = THTensor_newExprAmin(x, d.n, d.ptr, keepdim)
    else:
        r = THTensor_newExprNorm(x, p, d.n, d.ptr, keepdim)
    cdef Tensor result = wrap_tensor(r)
    if dtype is not None and (op == SUM or op == PROD) and THTensor_dtype(r) != THExpr_dtype(x):
        result = result.to(dtype_of(THExpr_dtype(x)))  # torch: the result is of dtype
    if out is None:
        return result
    if out.shape != result.shape:
        out.resize_(result.shape)
    out.copy_(result)
    return out


def _expr_slab_bytes(int64_t nbytes=0):
    """The slab size of the reductions of a th.Expr in bytes (THTensor_exprSlabBytes):
    nbytes > 0 sets it and returns the old one (tests make it small).

    >>> import th
    >>> th._reduce._expr_slab_bytes()
    524288
    """
    return THTensor_exprSlabBytes(nbytes)


cdef int _significand_bits(THScalarType t) noexcept:
    if t == TH_FLOAT16:
        return 11
    if t == TH_BFLOAT16:
        return 8
    if t == TH_FLOAT32 or t == TH_COMPLEX64:
        return 24
    return 53  # float64, complex128


cdef bint _sums_alike(THScalarType it, THScalarType ot) noexcept:
    """Whether a sum or product of it's elements each converted to ot (what
    torch computes into an out= of dtype ot) is the one computed from it and
    converted: when ot holds every value of it exactly, or both are integers
    (wrapping sums and products agree modulo ot's range)."""
    cdef bint int_in = not (THScalarType_isFloatingPoint(it) or THScalarType_isComplex(it))
    cdef bint int_out = not (THScalarType_isFloatingPoint(ot) or THScalarType_isComplex(ot))
    if it == ot or it == TH_BOOL:
        return True
    if ot == TH_BOOL or int_out:
        return int_in and ot != TH_BOOL
    if THScalarType_isComplex(it) and not THScalarType_isComplex(ot):
        return False
    if int_in:  # the integer's bits fit the significand (float16's range too)
        return 8 * <int>THScalarType_elementSize(it) <= _significand_bits(ot)
    # a float into a float (or complex) of as many significand bits; float16
    # alone has a narrower range
    return _significand_bits(ot) >= _significand_bits(it) and ot != TH_FLOAT16


def sum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    """The sum over dim (None: every dim); bool and integers sum in int64.

    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(10.)
    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([4., 6.])
    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, keepdim=True)
    tensor([[3.],
            [7.]])
    """
    if not isinstance(input, (Tensor, Expr)):
        from th._sparse import _any_sparse  # th._sparse imports th: only for a non-dense input
        if _any_sparse(input):
            if keepdim or dtype is not None or out is not None:
                raise ArgumentError("sum() of a sparse tensor takes dim only (th.sparse.sum)")
            return input.sum(dim)
    if isinstance(input, Expr):
        return reduce_expr("sum", SUM, input, dim, keepdim, out, 0, dtype)
    return reduce("sum", SUM, as_input("sum", input), dim, keepdim, out, 0, dtype)


def nansum(Tensor input not None, dim=None, keepdim=False, *, dtype=None, out=None):
    """The sum over dim (None: every dim) counting NaNs as zero; integer and
    bool tensors sum as sum() does (int64). Complex tensors are refused, as
    torch refuses them on the CPU.

    >>> th.nansum(th.tensor([[1.0, float('nan')], [3.0, 4.0]]))
    tensor(8.)
    >>> th.nansum(th.tensor([[1.0, float('nan')], [3.0, 4.0]]), 1)
    tensor([1., 7.])
    """
    cdef THScalarType t = THTensor_dtype(input.cdata)
    if THScalarType_isComplex(t):
        raise Error("nansum on CPU does not support complex inputs")
    if dtype is not None and THScalarType_isComplex(<THScalarType>as_scalar_type(dtype, t)):
        raise UnsupportedDtype(f"nansum(): not implemented for {dtype} (complex sums keep "
                               f"NaNs: use sum)")
    if THScalarType_isFloatingPoint(t):  # (integers hold no NaN)
        input = input.masked_fill(input != input, 0)
    return reduce("nansum", SUM, input, dim, keepdim, out, 0, dtype)


def prod(input, dim=None, keepdim=False, *, dtype=None, out=None):
    """The product over dim (None: every dim); bool and integers in int64.

    >>> th.prod(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([ 2., 12.])
    """
    if isinstance(input, Expr):
        return reduce_expr("prod", PROD, input, dim, keepdim, out, 0, dtype)
    return reduce("prod", PROD, as_input("prod", input), dim, keepdim, out, 0, dtype)


def mean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    """The mean over dim: floating and complex tensors only, as torch (give
    dtype= to average integers).

    >>> th.mean(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(2.5000)
    >>> th.mean(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([2., 3.])
    """
    if isinstance(input, Expr):
        return reduce_expr("mean", MEAN, input, dim, keepdim, out, 0, dtype)
    return reduce("mean", MEAN, as_input("mean", input), dim, keepdim, out, 0, dtype)


def amax(input, dim=(), keepdim=False, *, out=None):
    """The largest elements over dim (() or None: every dim); NaN wins.

    >>> th.amax(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([2., 4.])
    """
    if isinstance(input, Expr):
        return reduce_expr("amax", AMAX, input, dim, keepdim, out)
    return reduce("amax", AMAX, as_input("amax", input), dim, keepdim, out)


def amin(input, dim=(), keepdim=False, *, out=None):
    """The smallest elements over dim (() or None: every dim); NaN wins.

    >>> th.amin(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([1., 3.])
    """
    if isinstance(input, Expr):
        return reduce_expr("amin", AMIN, input, dim, keepdim, out)
    return reduce("amin", AMIN, as_input("amin", input), dim, keepdim, out)


def argmax(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """The index of the first largest element along dim (None: in the
    flattened tensor), int64.

    >>> th.argmax(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(3)
    >>> th.argmax(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([1, 1])
    """
    return reduce("argmax", ARGMAX, input, dim, keepdim, out)


def argmin(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """The index of the first smallest element along dim (None: in the
    flattened tensor), int64.

    >>> th.argmin(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(0)
    >>> th.argmin(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([0, 0])
    """
    return reduce("argmin", ARGMIN, input, dim, keepdim, out)


def all(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """True where every element over dim is non-zero (bool; uint8 for uint8).

    >>> th.all(th.tensor([True, False, True]))
    tensor(False)
    >>> th.all(th.tensor([[1, 0], [1, 1]]), 1)
    tensor([False,  True])
    """
    return reduce("all", ALL, input, dim, keepdim, out)


def any(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """True where some element over dim is non-zero (bool; uint8 for uint8).

    >>> th.any(th.tensor([True, False, True]))
    tensor(True)
    >>> th.any(th.tensor([[0, 0], [1, 0]]), 1)
    tensor([False,  True])
    """
    return reduce("any", ANY, input, dim, keepdim, out)


cdef pair(str fn, Op op, Op values_op, Tensor input, object dim, bint keepdim, object out,
          object result_type):
    if dim is None:
        if out is not None:
            raise TypeError(f"{fn}(): out= needs a dim")
        if THTensor_nElement(input.cdata) == 0:  # amax's own message would say amax()
            raise Error(f"{fn}(): Expected reduction dim to be specified for "
                        f"input.numel() == 0. Specify the reduction dim with the 'dim' "
                        f"argument.")
        return reduce(fn, values_op, input, None, False, None)
    cdef Dims d
    parse_dims(fn, dim, &d, True)
    cdef THScalarType t = THTensor_dtype(input.cdata)
    if out is None:
        values = wrap_tensor(THTensor_new(t))
        indices = wrap_tensor(THTensor_new(TH_INT64))
    else:
        try:
            values, indices = out
        except (TypeError, ValueError):
            raise TypeError(f"{fn}(): out must be a (values, indices) pair of tensors") from None
        if not isinstance(values, Tensor) or not isinstance(indices, Tensor):
            raise TypeError(f"{fn}(): out must be a (values, indices) pair of tensors")
    run(op, values, indices, input, &d, keepdim, 0, out is not None)
    return result_type(values, indices)


cdef object other_of(str fn, object dim, object keepdim, object other):
    """The tensor of the two-tensor form max(input, other) / min(input,
    other), positional (in dim's place) or other=; None for the reductions.
    torch's overloads take no dim or keepdim with other."""
    if other is None and not isinstance(dim, Tensor):
        return None
    if other is None:
        other, dim = dim, None
    elif dim is not None:
        raise TypeError(f"{fn}(): other= takes no dim (torch's overloads are "
                            f"{fn}(input, other) and {fn}(input, dim, keepdim=False))")
    if keepdim is not None:
        raise TypeError(f"{fn}(input, other) takes no keepdim (torch's overloads are "
                            f"{fn}(input, other) and {fn}(input, dim, keepdim=False))")
    if not isinstance(other, Tensor):
        raise TypeError(f"{fn}(): argument 'other' must be Tensor, not "
                            f"{type(other).__name__}")
    return other


def max(Tensor input not None, dim=None, keepdim=None, *, other=None, out=None):
    """max(input): the largest element, a 0-dim tensor; max(input, dim): the
    (values, indices) pair along dim, indices of the first largest. A NaN is
    larger than any number, as in torch. max(input, other) or max(input,
    other=other): maximum(input, other).

    >>> th.max(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(4.)
    >>> th.max(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    max(values=tensor([2., 4.]), indices=tensor([1, 1]))
    >>> th.max(th.tensor([1.0, 5.0]), other=th.tensor([3.0, 2.0]))
    tensor([3., 5.])
    """
    other = other_of("max", dim, keepdim, other)
    if other is not None:
        from th._expr import maximum
        return maximum(input, other, out=out)
    return pair("max", MAX, AMAX, input, dim, bool(keepdim), out, max_result)


def min(Tensor input not None, dim=None, keepdim=None, *, other=None, out=None):
    """min(input): the smallest element, a 0-dim tensor; min(input, dim): the
    (values, indices) pair along dim. A NaN wins, as in torch. min(input,
    other) or min(input, other=other): minimum(input, other).

    >>> th.min(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.)
    >>> th.min(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    min(values=tensor([1., 2.]), indices=tensor([0, 0]))
    >>> th.min(th.tensor([1.0, 5.0]), other=th.tensor([3.0, 2.0]))
    tensor([1., 2.])
    """
    other = other_of("min", dim, keepdim, other)
    if other is not None:
        from th._expr import minimum
        return minimum(input, other, out=out)
    return pair("min", MIN, AMIN, input, dim, bool(keepdim), out, min_result)


cdef double norm_p(object p) except? -1:
    if p is None or p == "fro":
        return 2
    if isinstance(p, str):
        raise ArgumentError(f"norm(): p must be a number or 'fro', got {p!r}")
    try:
        return float(p)
    except (TypeError, ValueError):
        raise TypeError(f"norm(): p must be a number or 'fro', not {type(p).__name__}") from None


def norm(input, p="fro", dim=None, keepdim=False, *, dtype=None, out=None):
    """The p-norm over dim: p = 2 ('fro', the default), 1, inf, -inf, 0 (the
    count of non-zeros) or any other number; floating and complex tensors
    (a complex one gives its real dtype).

    >>> th.norm(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(5.4772)
    >>> th.norm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), p=1, dim=1)
    tensor([3., 7.])
    """
    if isinstance(input, Expr):
        return reduce_expr("norm", NORM, input, dim, keepdim, out, norm_p(p), dtype)
    return reduce("norm", NORM, as_input("norm", input), dim, keepdim, out, norm_p(p), dtype)


cdef double correction_of(str fn, object unbiased, object correction) except? -1:
    if unbiased is not None and correction is not None:
        raise TypeError(f"{fn}(): give either unbiased= or correction=, not both")
    if correction is not None:
        try:
            return float(correction)
        except (TypeError, ValueError):
            raise TypeError(f"{fn}(): correction must be a number, not "
                            f"{type(correction).__name__}") from None
    if unbiased is None:
        return 1
    if not isinstance(unbiased, (bool, int)):
        raise TypeError(f"{fn}(): unbiased must be a bool, not {type(unbiased).__name__}")
    return 1 if unbiased else 0


cdef spread(str fn, Op op, Tensor input, object dim, object unbiased, bint keepdim,
            object correction, object out):
    if isinstance(dim, bool):  # torch's var(input, unbiased)
        if unbiased is not None:
            raise TypeError(f"{fn}(): unbiased given twice")
        dim, unbiased = None, dim
    return reduce(fn, op, input, dim, keepdim, out, correction_of(fn, unbiased, correction))


def var(Tensor input not None, dim=None, unbiased=None, keepdim=False, *, correction=None,
        out=None):
    """The variance over dim: the sum of squared deviations over N -
    correction (default 1; unbiased=False is correction 0); floating and
    complex tensors (a complex one gives its real dtype).

    >>> th.var(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.6667)
    >>> th.var(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, correction=0)
    tensor([0.2500, 0.2500])
    """
    return spread("var", VAR, input, dim, unbiased, keepdim, correction, out)


def std(Tensor input not None, dim=None, unbiased=None, keepdim=False, *, correction=None,
        out=None):
    """The standard deviation over dim: the square root of var.

    >>> th.std(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.2910)
    >>> th.std(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([1.4142, 1.4142])
    """
    return spread("std", STD, input, dim, unbiased, keepdim, correction, out)

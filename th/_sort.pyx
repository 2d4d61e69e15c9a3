"""Sorting, selection, scans, searching and counting with torch's names over
THTensorSort.h, THTensorScan.h and THTensorSearch.h: sort, argsort, msort,
topk, kthvalue, median, nanmedian, mode, cumsum, cumprod, cummax, cummin,
logcumsumexp, searchsorted, bucketize, bincount, histc; and over those,
unique, unique_consecutive, diff, quantile, nanquantile. th.Tensor's methods
of those names call these functions.

Pairs come back as torch's torch.return_types do: a named tuple with
.values and .indices that also unpacks. The sort is stable; NaN sorts as
larger than +inf, as in torch (docs/SORTING.md).

>>> import th
>>> t = th.tensor([3.0, 1.0, float("nan"), 2.0])
>>> t.sort()
sort(values=tensor([1., 2., 3., nan]), indices=tensor([1, 3, 0, 2]))
>>> th.topk(t, 2).indices.tolist(), t.median().item()
([2, 0], nan)
>>> th.tensor([1, 2, 3]).cumsum(0)
tensor([1, 3, 6])
"""
from libc.stdint cimport int64_t

from collections import namedtuple

cimport th._errors
from th._args cimport as_dim, as_int64
from th._dtype cimport as_scalar_type
from th._tensor cimport Tensor, converted, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

from th._errors import Error

# torch.return_types.<name>: (values, indices)
sort_result = namedtuple("sort", ["values", "indices"])
topk_result = namedtuple("topk", ["values", "indices"])
kthvalue_result = namedtuple("kthvalue", ["values", "indices"])
median_result = namedtuple("median", ["values", "indices"])
nanmedian_result = namedtuple("nanmedian", ["values", "indices"])
mode_result = namedtuple("mode", ["values", "indices"])
cummax_result = namedtuple("cummax", ["values", "indices"])
cummin_result = namedtuple("cummin", ["values", "indices"])

# Calls on at least this many elements run without the GIL.
cdef int64_t LONG_WORK = 1 << 15

cdef enum Op:
    SORT, TOPK, KTHVALUE, MEDIAN, NANMEDIAN, MODE, CUMMAX, CUMMIN, CUMSUM, CUMPROD, LOGCUMSUMEXP


cdef int call(Op op, THTensor *values, THTensor *indices, THTensor *input, int dim,
              int64_t k, bint flag) except -1 nogil:
    """flag: descending (sort), largest (topk), keepdim (the reductions)."""
    if op == SORT:
        return THTensor_sort(values, indices, input, dim, flag, 1)
    if op == TOPK:
        return THTensor_topk(values, indices, input, k, dim, flag, 1)
    if op == KTHVALUE:
        return THTensor_kthvalue(values, indices, input, k, dim, flag)
    if op == MEDIAN:
        return THTensor_median(values, indices, input, dim, flag)
    if op == NANMEDIAN:
        return THTensor_nanmedian(values, indices, input, dim, flag)
    if op == MODE:
        return THTensor_mode(values, indices, input, dim, flag)
    if op == CUMMAX:
        return THTensor_cummax(values, indices, input, dim)
    if op == CUMMIN:
        return THTensor_cummin(values, indices, input, dim)
    if op == CUMSUM:
        return THTensor_cumsum(values, input, dim)
    if op == CUMPROD:
        return THTensor_cumprod(values, input, dim)
    return THTensor_logcumsumexp(values, input, dim)


cdef int run(Op op, Tensor values, Tensor indices, Tensor input, int dim, int64_t k, bint flag,
             bint given) except -1:
    """op into values (and indices). Long work on fresh results runs without
    the GIL on a pinned snapshot of the input, which other threads' set_ or
    resize_ then cannot pull from under the call; out= tensors (which other
    threads may hold) are written with the GIL held."""
    cdef THTensor *ix = indices.cdata if indices is not None else NULL
    cdef THTensor *snap = NULL
    cdef int rc
    if given or THTensor_nElement(input.cdata) < LONG_WORK:
        return call(op, values.cdata, ix, input.cdata, dim, k, flag)
    try:
        snap = pinned_snapshot(input.cdata)
        with nogil:
            rc = call(op, values.cdata, ix, snap, dim, k, flag)
    finally:
        release_snapshot(snap)
    return rc


cdef tuple out_pair(str fn, object out):
    try:
        values, indices = out
    except (TypeError, ValueError):
        raise TypeError(f"{fn}(): out must be a (values, indices) pair of tensors") from None
    if not isinstance(values, Tensor) or not isinstance(indices, Tensor):
        raise TypeError(f"{fn}(): out must be a (values, indices) pair of tensors")
    return values, indices


cdef pair(str fn, Op op, Tensor input, object dim, int64_t k, bint flag, object out,
          object result_type):
    cdef int d = as_dim(dim, f"{fn}(): dim")
    if out is None:
        values = wrap_tensor(THTensor_new(THTensor_dtype(input.cdata)))
        indices = wrap_tensor(THTensor_new(TH_INT64))
    else:
        values, indices = out_pair(fn, out)
    run(op, values, indices, input, d, k, flag, out is not None)
    return result_type(values, indices)


def sort(Tensor input not None, dim=-1, descending=False, *, stable=False, out=None):
    """The elements of each row along dim in order (descending: largest
    first), and their indices; stable (equal elements keep their order)
    whatever stable says. NaN sorts as larger than +inf.

    >>> th.sort(th.tensor([3.0, 1.0, 2.0]))
    sort(values=tensor([1., 2., 3.]), indices=tensor([1, 2, 0]))
    """
    return pair("sort", SORT, input, dim, 0, descending, out, sort_result)


def argsort(Tensor input not None, dim=-1, descending=False, stable=False):
    """The indices that sort input along dim (int64), as sort's.

    >>> th.argsort(th.tensor([3.0, 1.0, 2.0]), descending=True)
    tensor([0, 2, 1])
    """
    return pair("argsort", SORT, input, dim, 0, descending, None, sort_result).indices


def msort(Tensor input not None, *, out=None):
    """input sorted along its first dim (values only).

    >>> th.msort(th.tensor([[3.0, 1.0], [2.0, 4.0]]))
    tensor([[2., 1.],
            [3., 4.]])
    """
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"msort(): out must be a th.Tensor, not {type(out).__name__}")
    values = out if out is not None else wrap_tensor(THTensor_new(THTensor_dtype(input.cdata)))
    indices = wrap_tensor(THTensor_new(TH_INT64))
    run(SORT, values, indices, input, 0, 0, False, out is not None)
    return values


def topk(Tensor input not None, k, dim=-1, largest=True, sorted=True, *, out=None):
    """The k largest (smallest) elements along dim and their indices, in
    order; NaN counts as the largest.

    >>> th.topk(th.tensor([3.0, 1.0, 5.0, 2.0]), 2)
    topk(values=tensor([5., 3.]), indices=tensor([2, 0]))
    """
    return pair("topk", TOPK, input, dim, as_int64(k, "topk(): k"), largest, out, topk_result)


def kthvalue(Tensor input not None, k, dim=-1, keepdim=False, *, out=None):
    """The k-th smallest element along dim (k from 1) and its index.

    >>> th.kthvalue(th.tensor([3.0, 1.0, 5.0, 2.0]), 2)
    kthvalue(values=tensor(2.), indices=tensor(3))
    """
    return pair("kthvalue", KTHVALUE, input, dim, as_int64(k, "kthvalue(): k"), keepdim, out,
                kthvalue_result)


cdef whole(str fn, Op op, Tensor input):
    """median(input) / nanmedian(input): over the flattened tensor, a 0-dim
    value (NaN for an empty one, as torch)."""
    flat = input.reshape(-1)
    if THTensor_nElement(input.cdata) == 0:  # any dtype, as torch
        from th._dtype import float64
        from th._factories import full
        # NaN converted to the dtype, as torch's: an integer's is the cast's
        return full((), float("nan"), dtype=float64).to(input.dtype)
    return pair(fn, op, flat, 0, 0, False, None, median_result).values


def median(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """median(input): the lower median of every element (NaN if there is
    one); median(input, dim): the (values, indices) pair along dim.

    >>> th.median(th.tensor([3.0, 1.0, 5.0, 2.0]))
    tensor(2.)
    """
    if dim is None:
        if out is not None:
            raise TypeError("median(): out= needs a dim")
        return whole("median", MEDIAN, input)
    return pair("median", MEDIAN, input, dim, 0, keepdim, out, median_result)


def nanmedian(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """median ignoring NaNs (NaN where a row has nothing else).

    >>> th.nanmedian(th.tensor([3.0, float('nan'), 1.0]))
    tensor(1.)
    """
    if dim is None:
        if out is not None:
            raise TypeError("nanmedian(): out= needs a dim")
        return whole("nanmedian", NANMEDIAN, input)
    return pair("nanmedian", NANMEDIAN, input, dim, 0, keepdim, out, nanmedian_result)


def mode(Tensor input not None, dim=-1, keepdim=False, *, out=None):
    """The most frequent value along dim (the smallest of ties) and the index
    of its last occurrence.

    >>> th.mode(th.tensor([1, 2, 2, 3]))
    mode(values=tensor(2), indices=tensor(2))
    """
    return pair("mode", MODE, input, dim, 0, keepdim, out, mode_result)


def cummax(Tensor input not None, dim, *, out=None):
    """The running maximum along dim and where each came from (an equal
    element takes over; a NaN stays).

    >>> th.cummax(th.tensor([1, 3, 2]), 0)
    cummax(values=tensor([1, 3, 3]), indices=tensor([0, 1, 1]))
    """
    return pair("cummax", CUMMAX, input, dim, 0, False, out, cummax_result)


def cummin(Tensor input not None, dim, *, out=None):
    """The running minimum along dim and where each came from.

    >>> th.cummin(th.tensor([3, 1, 2]), 0)
    cummin(values=tensor([3, 1, 1]), indices=tensor([0, 1, 1]))
    """
    return pair("cummin", CUMMIN, input, dim, 0, False, out, cummin_result)


cdef scan(str fn, Op op, Tensor input, object dim, object dtype, object out):
    cdef int d = as_dim(dim, f"{fn}(): dim")
    cdef THScalarType t = THTensor_dtype(input.cdata), rt
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): out must be a th.Tensor, not {type(out).__name__}")
    if dtype is not None:
        rt = <THScalarType>as_scalar_type(dtype, t)
    elif op == LOGCUMSUMEXP or THScalarType_isFloatingPoint(t) or THScalarType_isComplex(t):
        rt = t
    else:
        rt = TH_INT64  # torch sums and multiplies bool and integers in int64
    if out is not None:
        if dtype is not None and THTensor_dtype((<Tensor>out).cdata) != rt:
            raise Error(
                f"{fn}(): expected out to have dtype {THScalarType_name(rt).decode()}, "
                f"but got {THScalarType_name(THTensor_dtype((<Tensor>out).cdata)).decode()}")
        result = out
    else:
        result = wrap_tensor(THTensor_new(rt))
    run(op, result, None, input, d, 0, False, out is not None)
    return result


def cumsum(Tensor input not None, dim, *, dtype=None, out=None):
    """The running sum along dim; bool and integers sum in int64 unless
    dtype says otherwise (the elements are converted to dtype first).

    >>> th.cumsum(th.tensor([1, 2, 3]), 0)
    tensor([1, 3, 6])
    """
    return scan("cumsum", CUMSUM, input, dim, dtype, out)


def cumprod(Tensor input not None, dim, *, dtype=None, out=None):
    """The running product along dim; bool and integers in int64 unless
    dtype says otherwise.

    >>> th.cumprod(th.tensor([1, 2, 3]), 0)
    tensor([1, 2, 6])
    """
    return scan("cumprod", CUMPROD, input, dim, dtype, out)


def logcumsumexp(Tensor input not None, dim, *, out=None):
    """log(cumsum(exp(input))) along dim, computed without overflow
    (floating and complex dtypes; complex in complex128, as torch).

    >>> th.logcumsumexp(th.tensor([0.0, 0.0, 1000.0]), 0)
    tensor([0.0000e+00, 6.9315e-01, 1.0000e+03])
    """
    return scan("logcumsumexp", LOGCUMSUMEXP, input, dim, None, out)


def _scan_(str fn, Tensor self, dim, dtype):
    """cumsum_ / cumprod_: in place (self keeps its dtype; dtype= converts
    the elements first)."""
    cdef int d = as_dim(dim, f"{fn}(): dim")
    cdef THScalarType t = THTensor_dtype(self.cdata)
    src = self if dtype is None else converted(self, as_scalar_type(dtype, t), False)
    run(CUMSUM if fn == "cumsum_" else CUMPROD, self, None, src, d, 0, False, True)
    return self


# ---------------------------------------------------- searching and counting

cdef Tensor as_tensor(object value):
    """A tensor argument, or a Python number as a 0-dim tensor (torch's
    scalar forms of searchsorted and bucketize)."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        from th._factories import tensor
        return tensor(value)
    raise TypeError(f"expected a th.Tensor or a number, not {type(value).__name__}")


cdef Tensor index_result(str fn, object out, bint out_int32):
    if out is None:
        return wrap_tensor(THTensor_new(TH_INT32 if out_int32 else TH_INT64))
    if not isinstance(out, Tensor):
        raise TypeError(f"{fn}(): out must be a th.Tensor, not {type(out).__name__}")
    return out


def searchsorted(Tensor sorted_sequence not None, input, *, out_int32=False, right=False,
                 side=None, sorter=None, out=None):
    """Where each element of input would be inserted into the innermost
    (ascending) rows of sorted_sequence to keep them in order: the first such
    index, or the last with right=True (side='right'); int64, or int32 with
    out_int32. sorter: indices that sort unsorted rows.

    >>> th.searchsorted(th.tensor([1, 3, 5, 7]), th.tensor([3, 6]))
    tensor([1, 3])
    """
    if side is not None:
        if side not in ("left", "right"):
            raise Error(f"torch.searchsorted(): side can only be 'left' or 'right' but got "
                        f"{side!r}")
        if right and side == "left":
            raise Error("torch.searchsorted(): side and right can't be set to opposites, got "
                        "side of left while right was True")
        right = side == "right"
    if sorter is not None and not isinstance(sorter, Tensor):
        raise TypeError(f"searchsorted(): sorter must be a th.Tensor, not {type(sorter).__name__}")
    cdef Tensor x = as_tensor(input)
    cdef Tensor result = index_result("searchsorted", out, out_int32)
    THTensor_searchsorted(result.cdata, sorted_sequence.cdata, x.cdata, right,
                          (<Tensor>sorter).cdata if sorter is not None else NULL)
    return result


def bucketize(input, Tensor boundaries not None, *, out_int32=False, right=False, out=None):
    """The bucket of each element of input among the 1-dim ascending
    boundaries: searchsorted(boundaries, input, right=right).

    >>> th.bucketize(th.tensor([3, 6]), th.tensor([1, 3, 5, 7]), right=True)
    tensor([2, 3])
    """
    cdef Tensor x = as_tensor(input)
    cdef Tensor result = index_result("bucketize", out, out_int32)
    THTensor_bucketize(result.cdata, x.cdata, boundaries.cdata, right)
    return result


def bincount(Tensor input not None, weights=None, minlength=0):
    """How often each value of a 1-dim tensor of non-negative integers
    occurs (int64), or the sums of weights by value (float32 for float32
    weights, else float64), over max(input.max() + 1, minlength) bins.

    >>> th.bincount(th.tensor([0, 1, 1, 3]))
    tensor([1, 2, 0, 1])
    """
    if weights is not None and not isinstance(weights, Tensor):
        raise TypeError(f"bincount(): weights must be a th.Tensor, not {type(weights).__name__}")
    cdef THScalarType rt = TH_INT64
    if weights is not None and THTensor_nElement(input.cdata) > 0:  # torch: empty counts int64
        rt = TH_FLOAT32 if THTensor_dtype((<Tensor>weights).cdata) == TH_FLOAT32 else TH_FLOAT64
    cdef Tensor result = wrap_tensor(THTensor_new(rt))
    THTensor_bincount(result.cdata, input.cdata,
                      (<Tensor>weights).cdata if weights is not None else NULL,
                      as_int64(minlength, "bincount(): minlength"))
    return result


def histc(Tensor input not None, bins=100, min=0, max=0, *, out=None):
    """A histogram of the elements over bins equal bins of [min, max]
    (min == max: the elements' range); elements outside are left out.

    >>> th.histc(th.tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3)
    tensor([0., 2., 1., 0.])
    """
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"histc(): out must be a th.Tensor, not {type(out).__name__}")
    cdef Tensor result = out if out is not None else wrap_tensor(
        THTensor_new(THTensor_dtype(input.cdata)))
    THTensor_histc(result.cdata, input.cdata, as_int64(bins, "histc(): bins"), float(min),
                   float(max))
    return result


# ------------------------------------ unique, diff, quantile (over the above)

def _groups(keys, dim_size):
    """Run starts of equal consecutive rows of keys (n x m): a bool mask."""
    import th
    mask = th.ones(dim_size, dtype=th.bool)
    if dim_size > 1:
        differs = th.ne(keys[1:], keys[:dim_size - 1])
        mask[1:] = differs.any(1) if keys.dim() > 1 else differs
    return mask


def _unique_rows(str fn, Tensor input, bint do_sort, bint return_inverse, bint return_counts,
                 dim):
    import th
    if THScalarType_isComplex(THTensor_dtype(input.cdata)):
        from th._errors import UnsupportedDtype
        raise UnsupportedDtype(f"\"{'unique' if dim is None else 'unique_dim'}\" not "
                               f"implemented for {input.dtype}")
    if dim is None:
        flat = input.reshape(-1)
        rows = flat.unsqueeze(1)
        d = 0
    else:
        d = as_dim(dim, f"{fn}(): dim")
        nd = input.dim()
        if not -max(nd, 1) <= d < max(nd, 1):
            raise IndexError(f"{fn}(): dim {d} is out of range for a tensor of {nd} dims")
        d %= max(nd, 1)
        if nd == 0:
            raise IndexError(f"{fn}(): dim given for a 0-dim tensor")
        if any([size == 0 for i, size in enumerate(input.shape) if i != d]):
            raise Error("There are 0 sized dimensions, and they aren't selected, so unique "
                        "cannot be applied")
        rows = input.movedim(d, 0).reshape(input.shape[d], -1) if input.numel() else \
            th.empty(input.shape[d], 0, dtype=input.dtype)
    n = rows.shape[0]
    perm = th.arange(n)
    if do_sort and n > 1:  # lexicographic: a stable sort by each column, last first
        for c in range(rows.shape[1] - 1, -1, -1):
            order = th.argsort(rows[:, c].index_select(0, perm), stable=True)
            perm = perm.index_select(0, order)
    ordered = rows.index_select(0, perm)
    mask = _groups(ordered, n)
    starts = th.nonzero(mask).reshape(-1)
    if dim is None:
        output = ordered.reshape(-1).masked_select(mask)
    else:
        output = input.index_select(d, perm.index_select(0, starts))
    results = [output]
    if return_inverse:
        group = th.cumsum(mask, 0) - 1
        inverse = th.empty(n, dtype=th.int64)
        if n:
            inverse.scatter_(0, perm, group)
        results.append(inverse.reshape(input.shape) if dim is None else inverse)
    if return_counts:
        ends = th.cat([starts[1:], th.tensor([n])]) if starts.numel() else starts
        results.append(ends - starts)
    return results[0] if len(results) == 1 else tuple(results)


def unique(Tensor input not None, sorted=True, return_inverse=False, return_counts=False,
           dim=None):
    """The distinct elements (dim None) or slices along dim, in ascending
    (lexicographic) order; with the inverse indices (input's shape, or dim's
    length) and the counts when asked. sorted=False sorts too.

    >>> th.unique(th.tensor([2, 1, 2, 3]))
    tensor([1, 2, 3])
    """
    return _unique_rows("unique", input, True, return_inverse, return_counts, dim)


def unique_consecutive(Tensor input not None, return_inverse=False, return_counts=False,
                       dim=None):
    """unique of each run of equal consecutive elements (or slices).

    >>> th.unique_consecutive(th.tensor([1, 1, 2, 2, 1]))
    tensor([1, 2, 1])
    """
    return _unique_rows("unique_consecutive", input, False, return_inverse, return_counts, dim)


def diff(Tensor input not None, n=1, dim=-1, prepend=None, append=None):
    """The n-th forward difference along dim (input[i + 1] - input[i]; bool:
    !=), after prepend and append are joined on along dim.

    >>> th.diff(th.tensor([1, 4, 9, 16]))
    tensor([3, 5, 7])
    """
    import th
    if input.dim() == 0:
        raise Error("diff expects input to be at least one-dimensional")
    cdef int64_t order = as_int64(n, "diff(): n")
    if order < 0:
        raise Error(f"order must be non-negative but got {order}")
    cdef int d = as_dim(dim, "diff(): dim")
    if not -input.dim() <= d < input.dim():
        raise IndexError(f"diff(): dim {d} is out of range for a tensor of {input.dim()} dims")
    if d < 0:  # (a C int: neither tuple indexing nor % wraps it here)
        d += input.dim()
    if order == 0:  # torch: the input itself, prepend and append left out
        return input
    parts = [p for p in (prepend, input, append) if p is not None]
    x = th.cat(parts, d) if len(parts) > 1 else input
    for _ in range(order):
        size = x.shape[d]
        if size == 0:
            break
        a, b = x.narrow(d, 1, size - 1), x.narrow(d, 0, size - 1)
        x = th.ne(a, b) if x.dtype == th.bool else a - b
    return x


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(str fn, Tensor input, q, dim, bint keepdim, str interpolation, bint ignore_nan):
    import th
    if input.dtype not in (th.float32, th.float64):
        raise Error(f"{fn}() input tensor must be either float or double dtype")
    if interpolation not in _INTERPOLATIONS:
        raise Error(f"{fn}() interpolation must be one of linear, lower, higher, midpoint or "
                    f"nearest. Got {interpolation}")
    if isinstance(q, Tensor):
        if q.dim() > 1:
            raise Error(f"{fn}() q must be a scalar or 1D tensor")
        if q.dtype != input.dtype:
            raise Error(f"{fn}() q tensor must be same dtype as the input tensor")
        qs, scalar_q = [float(v) for v in q.reshape(-1).tolist()], q.dim() == 0
    else:
        qs, scalar_q = [float(q)], True
    if not all([0 <= v <= 1 for v in qs]):
        raise Error(f"{fn}() q values must be in the range [0, 1]")
    if input.numel() == 0:
        raise Error(f"{fn}() input tensor must be non-empty")
    if dim is None:
        x = input.reshape(-1)
        d = 0
        reduced = (1,) * input.dim() if keepdim else ()
    else:
        d = as_dim(dim, f"{fn}(): dim")
        nd = max(input.dim(), 1)
        if not -nd <= d < nd:
            raise IndexError(f"{fn}(): dim {d} is out of range for a tensor of {input.dim()} "
                             f"dims")
        d %= nd
        x = input if input.dim() else input.reshape(1)
        reduced = tuple([1 if i == d else s for i, s in enumerate(input.shape)]) if keepdim \
            else tuple([s for i, s in enumerate(input.shape) if i != d])
    ordered = x.sort(d).values.movedim(d, -1).contiguous()  # NaN last
    n = ordered.shape[ordered.dim() - 1]
    nans = th.ne(ordered, ordered).sum(-1, keepdim=True)
    valid = (n - nans) if ignore_nan else th.full(nans.shape, n, dtype=th.int64)
    last = (valid - 1).clamp(min=0).to(input.dtype)
    out = []
    for v in qs:
        rank = last * v
        lo = rank.floor()
        hi = rank.ceil()
        if interpolation == "nearest":
            lo = hi = th.round(rank)  # half to even, as torch's round
        below = ordered.gather(-1, lo.to(th.int64))
        above = ordered.gather(-1, hi.to(th.int64))
        if interpolation == "lower":
            value = below
        elif interpolation in ("higher", "nearest"):
            value = above if interpolation == "higher" else below
        else:
            w = rank - lo if interpolation == "linear" else th.full(rank.shape, 0.5,
                                                                     dtype=input.dtype)
            # torch's lerp: from the nearer end, so the ends are exact
            value = th.where(w < 0.5, below + w * (above - below),
                             above - (above - below) * (1 - w))
        # a row with NaN (quantile) or nothing but NaN (nanquantile) is NaN
        empty = th.eq(valid, 0) if ignore_nan else th.gt(nans, 0)
        value = th.where(empty, th.full(value.shape, float("nan"), dtype=input.dtype), value)
        out.append(value.reshape(reduced))
    return out[0] if scalar_q else th.stack(out)


def quantile(Tensor input not None, q, dim=None, keepdim=False, *, interpolation="linear",
             out=None):
    """The q-th quantiles (q a number or a 1-dim tensor in [0, 1]) of the
    elements (dim None) or along dim, interpolated as interpolation says
    (linear, lower, higher, midpoint, nearest); a row holding NaN gives NaN.

    >>> th.quantile(th.tensor([1.0, 2.0, 3.0, 4.0]), 0.5)
    tensor(2.5000)
    """
    r = _quantile("quantile", input, q, dim, keepdim, interpolation, False)
    if out is not None:
        out.resize_(r.shape).copy_(r)
        return out
    return r


def nanquantile(Tensor input not None, q, dim=None, keepdim=False, *, interpolation="linear",
                out=None):
    """quantile ignoring NaNs (NaN where a row has nothing else).

    >>> th.nanquantile(th.tensor([1.0, float('nan'), 3.0]), 0.5)
    tensor(2.)
    """
    r = _quantile("nanquantile", input, q, dim, keepdim, interpolation, True)
    if out is not None:
        out.resize_(r.shape).copy_(r)
        return out
    return r

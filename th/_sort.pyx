"""Sorting, selection and scans with torch's names over THTensorSort.h and
THTensorScan.h: sort, argsort, msort, topk, kthvalue, median, nanmedian,
mode, cumsum, cumprod, cummax, cummin, logcumsumexp. th.Tensor's methods of
those names call these functions.

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
    whatever stable says. NaN sorts as larger than +inf."""
    return pair("sort", SORT, input, dim, 0, descending, out, sort_result)


def argsort(Tensor input not None, dim=-1, descending=False, stable=False):
    """The indices that sort input along dim (int64), as sort's."""
    return pair("argsort", SORT, input, dim, 0, descending, None, sort_result).indices


def msort(Tensor input not None, *, out=None):
    """input sorted along its first dim (values only)."""
    if out is not None and not isinstance(out, Tensor):
        raise TypeError(f"msort(): out must be a th.Tensor, not {type(out).__name__}")
    values = out if out is not None else wrap_tensor(THTensor_new(THTensor_dtype(input.cdata)))
    indices = wrap_tensor(THTensor_new(TH_INT64))
    run(SORT, values, indices, input, 0, 0, False, out is not None)
    return values


def topk(Tensor input not None, k, dim=-1, largest=True, sorted=True, *, out=None):
    """The k largest (smallest) elements along dim and their indices, in
    order; NaN counts as the largest."""
    return pair("topk", TOPK, input, dim, as_int64(k, "topk(): k"), largest, out, topk_result)


def kthvalue(Tensor input not None, k, dim=-1, keepdim=False, *, out=None):
    """The k-th smallest element along dim (k from 1) and its index."""
    return pair("kthvalue", KTHVALUE, input, dim, as_int64(k, "kthvalue(): k"), keepdim, out,
                kthvalue_result)


cdef whole(str fn, Op op, Tensor input):
    """median(input) / nanmedian(input): over the flattened tensor, a 0-dim
    value (NaN for an empty one, as torch)."""
    cdef THScalarType t = THTensor_dtype(input.cdata)
    flat = input.reshape(-1)
    if THTensor_nElement(input.cdata) == 0:
        from th._factories import full
        # torch's dtype check comes first: the C call refuses what torch does
        pair(fn, op, wrap_tensor(THTensor_newWithSize1d(t, 1)), 0, 0, False, None, median_result)
        return full((), float("nan"), dtype=input.dtype)
    return pair(fn, op, flat, 0, 0, False, None, median_result).values


def median(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """median(input): the lower median of every element (NaN if there is
    one); median(input, dim): the (values, indices) pair along dim."""
    if dim is None:
        if out is not None:
            raise TypeError("median(): out= needs a dim")
        return whole("median", MEDIAN, input)
    return pair("median", MEDIAN, input, dim, 0, keepdim, out, median_result)


def nanmedian(Tensor input not None, dim=None, keepdim=False, *, out=None):
    """median ignoring NaNs (NaN where a row has nothing else)."""
    if dim is None:
        if out is not None:
            raise TypeError("nanmedian(): out= needs a dim")
        return whole("nanmedian", NANMEDIAN, input)
    return pair("nanmedian", NANMEDIAN, input, dim, 0, keepdim, out, nanmedian_result)


def mode(Tensor input not None, dim=-1, keepdim=False, *, out=None):
    """The most frequent value along dim (the smallest of ties) and the index
    of its last occurrence."""
    return pair("mode", MODE, input, dim, 0, keepdim, out, mode_result)


def cummax(Tensor input not None, dim, *, out=None):
    """The running maximum along dim and where each came from (an equal
    element takes over; a NaN stays)."""
    return pair("cummax", CUMMAX, input, dim, 0, False, out, cummax_result)


def cummin(Tensor input not None, dim, *, out=None):
    """The running minimum along dim and where each came from."""
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
    dtype says otherwise (the elements are converted to dtype first)."""
    return scan("cumsum", CUMSUM, input, dim, dtype, out)


def cumprod(Tensor input not None, dim, *, dtype=None, out=None):
    """The running product along dim; bool and integers in int64 unless
    dtype says otherwise."""
    return scan("cumprod", CUMPROD, input, dim, dtype, out)


def logcumsumexp(Tensor input not None, dim, *, out=None):
    """log(cumsum(exp(input))) along dim, computed without overflow
    (floating dtypes)."""
    return scan("logcumsumexp", LOGCUMSUMEXP, input, dim, None, out)


def _scan_(str fn, Tensor self, dim, dtype):
    """cumsum_ / cumprod_: in place (self keeps its dtype; dtype= converts
    the elements first)."""
    cdef int d = as_dim(dim, f"{fn}(): dim")
    cdef THScalarType t = THTensor_dtype(self.cdata)
    src = self if dtype is None else converted(self, as_scalar_type(dtype, t), False)
    run(CUMSUM if fn == "cumsum_" else CUMPROD, self, None, src, d, 0, False, True)
    return self

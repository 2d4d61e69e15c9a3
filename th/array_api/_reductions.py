"""The standard's statistical, utility, searching, sorting, set and indexing functions:
``axis=`` (an int, a tuple or None), ``keepdims=``, ``correction=``, the standard's
accumulation dtypes, stable sorts, named unique results."""
from __future__ import annotations

from collections import namedtuple

import th

from ._common import check_array, keepdims_none, normalize_axes, normalize_axis, promote
from ._dtypes import (_complex_floating, _real_floating, _signed, _unsigned,
                      bool as _bool, int64, uint16, uint32, uint64)


def _axes(x, axis, fn):
    return normalize_axes(axis, x.ndim, fn)


def _reduce(fn, x, axis, keepdims, name, **kwargs):
    """fn over ``axis`` (an int, a tuple or None); an empty tuple reduces nothing."""
    check_array(x, name)
    axes = _axes(x, axis, name)
    if axis is None or len(axes) == x.ndim:
        if x.ndim == 0 or axes:
            return keepdims_none(fn(x, **kwargs), x.ndim, keepdims)
    if not axes:
        return None
    return fn(x, axes, keepdims, **kwargs)


def _as(result, dtype):
    # th's integer sum/prod accumulate in int64 whatever dtype= asks (torch honours it);
    # the cast wraps modulo 2^bits, as accumulating in the narrower type would
    return result if result.dtype == dtype else result.to(dtype)


def _accumulate_dtype(x, dtype):
    if dtype is not None:
        return dtype
    if x.dtype in _signed or x.dtype is _bool:
        return int64
    if x.dtype in _unsigned:
        return uint64
    return x.dtype


def sum(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
        dtype: th.dtype | None = None, keepdims: bool = False) -> th.Tensor:
    """The sum over ``axis``; integers accumulate in (u)int64, floats in their own dtype.

    >>> from th import array_api as xp
    >>> xp.sum(xp.asarray([[1, 2], [3, 4]], dtype=xp.int8), axis=0)
    tensor([4, 6])
    """
    dtype = _accumulate_dtype(x, dtype)
    r = _reduce(th.sum, x, axis, keepdims, "sum", dtype=dtype)
    return x.to(dtype, copy=True) if r is None else _as(r, dtype)


def prod(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
         dtype: th.dtype | None = None, keepdims: bool = False) -> th.Tensor:
    """The product over ``axis``; integers accumulate in (u)int64.

    >>> from th import array_api as xp
    >>> xp.prod(xp.asarray([1.0, 2.0, 3.0]))
    tensor(6.)
    """
    dtype = _accumulate_dtype(x, dtype)
    r = _reduce(th.prod, x, axis, keepdims, "prod", dtype=dtype)
    return x.to(dtype, copy=True) if r is None else _as(r, dtype)


def _minmax(fn, name):
    def f(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
          keepdims: bool = False) -> th.Tensor:
        check_array(x, name)
        if x.numel() == 0 and (axis is None or any(x.shape[a] == 0 for a in
                                                   _axes(x, axis, name))):
            raise ValueError(f"{name}: zero-size reduction has no identity")
        r = _reduce(lambda t, *a, **k: fn(t, *a, **k) if a else fn(t), x, axis, keepdims, name)
        return x.clone() if r is None else r
    f.__name__ = f.__qualname__ = name
    return f


max = _minmax(th.amax, "max")
max.__doc__ = """The maximum over ``axis`` (NaN propagates).

    >>> from th import array_api as xp
    >>> xp.max(xp.asarray([[1, 5], [3, 4]]), axis=1)
    tensor([5, 4])
    """
min = _minmax(th.amin, "min")
min.__doc__ = """The minimum over ``axis`` (NaN propagates).

    >>> from th import array_api as xp
    >>> xp.min(xp.asarray([[1, 5], [3, 4]]), axis=1)
    tensor([1, 3])
    """


def _floating(x, name):
    check_array(x, name)
    if x.dtype not in _real_floating + _complex_floating:
        raise TypeError(f"{name}: expected a floating-point array, got {x.dtype}")


def mean(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
         keepdims: bool = False) -> th.Tensor:
    """The arithmetic mean over ``axis`` (floating arrays).

    >>> from th import array_api as xp
    >>> xp.mean(xp.asarray([1.0, 2.0, 6.0]))
    tensor(3.)
    """
    _floating(x, "mean")
    r = _reduce(th.mean, x, axis, keepdims, "mean")
    return x.clone() if r is None else r


def _spread(fn, name):
    def f(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
          correction: int | float = 0.0, keepdims: bool = False) -> th.Tensor:
        _floating(x, name)
        axes = _axes(x, axis, name)
        if not axes and x.ndim:
            n = 1
            return fn(x.unsqueeze(0), 0, correction=correction).reshape(x.shape) if n else x
        if x.ndim == 0:
            return fn(x.reshape(1), 0, correction=correction)
        return fn(x, axes, keepdim=keepdims, correction=correction)
    f.__name__ = f.__qualname__ = name
    return f


var = _spread(th.var, "var")
var.__doc__ = """The variance over ``axis``, dividing by N - correction.

    >>> from th import array_api as xp
    >>> xp.var(xp.asarray([1.0, 2.0, 3.0, 4.0]), correction=1)
    tensor(1.6667)
    """
std = _spread(th.std, "std")
std.__doc__ = """The standard deviation over ``axis``, dividing by N - correction.

    >>> from th import array_api as xp
    >>> xp.std(xp.asarray([1.0, 3.0]))
    tensor(1.)
    """


def _cumulative(fn, name):
    def f(x: th.Tensor, /, *, axis: int | None = None,
          dtype: th.dtype | None = None, include_initial: bool = False) -> th.Tensor:
        check_array(x, name)
        if axis is None:
            if x.ndim > 1:
                raise ValueError(f"{name}: axis is required for arrays of more than 1 dim")
            axis = 0
        if x.ndim == 0:
            raise ValueError(f"{name}: expected an array of at least 1 dim")
        axis = normalize_axis(axis, x.ndim, name)
        dtype = _accumulate_dtype(x, dtype)
        if x.shape[axis] == 0:
            result = x.to(dtype, copy=True)
        else:
            result = _as(fn(x, axis, dtype=dtype), dtype)
        if include_initial:
            shape = list(x.shape)
            shape[axis] = 1
            initial = th.full(tuple(shape), 0 if fn is th.cumsum else 1, dtype=dtype)
            result = th.cat([initial, result], axis)
        return result
    f.__name__ = f.__qualname__ = name
    return f


cumulative_sum = _cumulative(th.cumsum, "cumulative_sum")
cumulative_sum.__doc__ = """Running sums along ``axis`` (with a leading 0 if
    ``include_initial``).

    >>> from th import array_api as xp
    >>> xp.cumulative_sum(xp.asarray([1, 2, 3]), include_initial=True)
    tensor([0, 1, 3, 6])
    """
cumulative_prod = _cumulative(th.cumprod, "cumulative_prod")
cumulative_prod.__doc__ = """Running products along ``axis`` (with a leading 1 if
    ``include_initial``).

    >>> from th import array_api as xp
    >>> xp.cumulative_prod(xp.asarray([1, 2, 3]))
    tensor([1, 2, 6])
    """


def _truth(fn, name):
    def f(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
          keepdims: bool = False) -> th.Tensor:
        check_array(x, name)
        r = _reduce(fn, x, axis, keepdims, name)
        return (x != 0) if r is None else r.to(_bool)
    f.__name__ = f.__qualname__ = name
    return f


all = _truth(th.all, "all")
all.__doc__ = """Whether every element over ``axis`` is true (non-zero).

    >>> from th import array_api as xp
    >>> xp.all(xp.asarray([[True, False], [True, True]]), axis=1)
    tensor([False,  True])
    """
any = _truth(th.any, "any")
any.__doc__ = """Whether some element over ``axis`` is true (non-zero).

    >>> from th import array_api as xp
    >>> xp.any(xp.asarray([0, 0, 3]))
    tensor(True)
    """


def diff(x: th.Tensor, /, *, axis: int = -1, n: int = 1, prepend: th.Tensor | None = None,
         append: th.Tensor | None = None) -> th.Tensor:
    """The ``n``-th forward difference along ``axis``.

    >>> from th import array_api as xp
    >>> xp.diff(xp.asarray([1, 4, 9, 16]))
    tensor([3, 5, 7])
    """
    check_array(x, "diff")
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"diff: n must be a non-negative int, got {n!r}")
    axis = normalize_axis(axis, x.ndim, "diff")
    if prepend is not None or append is not None:
        parts = [p for p in (prepend, x, append) if p is not None]
        from ._manipulation import concat
        x = concat(parts, axis=axis)
    if n == 0:
        return x.clone()
    if x.dtype is _bool:
        for _ in range(n):
            x = x.narrow(axis, 1, x.shape[axis] - 1) ^ x.narrow(axis, 0, x.shape[axis] - 1)
        return x
    return th.diff(x, n, axis)


def _arg_extreme(fn, name):
    def f(x: th.Tensor, /, *, axis: int | None = None,
          keepdims: bool = False) -> th.Tensor:
        check_array(x, name)
        if x.numel() == 0:
            raise ValueError(f"{name}: an empty array has no extreme")
        if axis is None:
            return keepdims_none(fn(x.reshape(-1)), x.ndim, keepdims)
        return fn(x, normalize_axis(axis, x.ndim, name), keepdims)
    f.__name__ = f.__qualname__ = name
    return f


argmax = _arg_extreme(th.argmax, "argmax")
argmax.__doc__ = """The index of the first maximum (over the flattened array when axis is
    None).

    >>> from th import array_api as xp
    >>> xp.argmax(xp.asarray([[1, 5], [7, 2]]), axis=1)
    tensor([1, 0])
    """
argmin = _arg_extreme(th.argmin, "argmin")
argmin.__doc__ = """The index of the first minimum (over the flattened array when axis is
    None).

    >>> from th import array_api as xp
    >>> xp.argmin(xp.asarray([[1, 5], [7, 2]]), axis=1)
    tensor([0, 1])
    """


def count_nonzero(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
                  keepdims: bool = False) -> th.Tensor:
    """The number of non-zero elements over ``axis`` (int64).

    >>> from th import array_api as xp
    >>> xp.count_nonzero(xp.asarray([[0, 1], [2, 3]]), axis=1)
    tensor([1, 2])
    """
    check_array(x, "count_nonzero")
    return sum(x != 0, axis=axis, keepdims=keepdims)


def nonzero(x: th.Tensor, /) -> tuple[th.Tensor, ...]:
    """The indices of the non-zero elements, one int64 array per axis.

    >>> from th import array_api as xp
    >>> xp.nonzero(xp.asarray([[0, 1], [2, 0]]))
    (tensor([0, 1]), tensor([1, 0]))
    """
    check_array(x, "nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: a 0-d array has no axes to index")
    return tuple(th.nonzero(x, as_tuple=True))


def where(condition: th.Tensor, x1: th.Tensor | int | float | complex,
          x2: th.Tensor | int | float | complex, /) -> th.Tensor:
    """Elements of x1 where condition holds, else of x2 (promoted; scalars allowed).

    >>> from th import array_api as xp
    >>> xp.where(xp.asarray([True, False]), xp.asarray([1, 2]), 0)
    tensor([1, 0])
    """
    check_array(condition, "where", "condition")
    x1, x2 = promote(x1, x2, "where")
    return th.where(condition, x1, x2)


def searchsorted(x1: th.Tensor, x2: th.Tensor, /, *, side: str = "left",
                 sorter: th.Tensor | None = None) -> th.Tensor:
    """Insertion indices of x2 into the sorted 1-D x1 (``side`` 'left' or 'right').

    >>> from th import array_api as xp
    >>> xp.searchsorted(xp.asarray([1.0, 2.0, 3.0]), xp.asarray([2.0, 2.5]), side="right")
    tensor([2, 2])
    """
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', not {side!r}")
    check_array(x1, "searchsorted", "x1")
    x1, x2 = promote(x1, x2, "searchsorted")
    if x1.dtype in (uint16, uint32):
        # th's kernel lacks the wide unsigned types (as torch's): int64 holds them in order
        x1, x2 = x1.to(int64), x2.to(int64)
    elif x1.dtype is uint64:
        # no signed type holds uint64: count the elements before each value instead
        if sorter is not None:
            x1 = x1[sorter]
        before = (x1 < x2.unsqueeze(-1)) if side == "left" else (x1 <= x2.unsqueeze(-1))
        return before.sum(-1)
    if x2.ndim == 0:
        return th.searchsorted(x1, x2.reshape(1), side=side, sorter=sorter).reshape(())
    return th.searchsorted(x1, x2, side=side, sorter=sorter)


def sort(x: th.Tensor, /, *, axis: int = -1, descending: bool = False,
         stable: bool = True) -> th.Tensor:
    """The values of ``x`` sorted along ``axis`` (stable; NaNs last ascending).

    >>> from th import array_api as xp
    >>> xp.sort(xp.asarray([3, 1, 2]), descending=True)
    tensor([3, 2, 1])
    """
    check_array(x, "sort")
    if x.ndim == 0:
        return x.clone()
    axis = normalize_axis(axis, x.ndim, "sort")
    return th.sort(x, axis, descending, stable=True).values


def argsort(x: th.Tensor, /, *, axis: int = -1, descending: bool = False,
            stable: bool = True) -> th.Tensor:
    """The indices that sort ``x`` along ``axis`` (stable: ties keep their order).

    >>> from th import array_api as xp
    >>> xp.argsort(xp.asarray([3, 1, 1]), descending=True)
    tensor([0, 1, 2])
    """
    check_array(x, "argsort")
    if x.ndim == 0:
        return th.zeros((), dtype=int64)
    axis = normalize_axis(axis, x.ndim, "argsort")
    return th.sort(x, axis, descending, stable=True).indices


UniqueAllResult = namedtuple("UniqueAllResult", "values indices inverse_indices counts")
UniqueCountsResult = namedtuple("UniqueCountsResult", "values counts")
UniqueInverseResult = namedtuple("UniqueInverseResult", "values inverse_indices")


def _unique_sorted(flat):
    """values, inverse, counts, first indices of a 1-D array, by a stable lexicographic
    sort on (real, imag): th.unique has no complex kernel. NaNs stay distinct."""
    from ._elementwise import imag, real
    n = flat.shape[0]
    order = th.sort(imag(flat), 0, stable=True).indices
    order = order[th.sort(real(flat)[order], 0, stable=True).indices]
    ordered = flat[order]
    new = th.ones((n,), dtype=_bool)
    if n > 1:
        new[1:] = ordered[1:] != ordered[:-1]
    group = th.cumsum(new.to(int64), 0) - 1
    inverse = th.zeros((n,), dtype=int64)
    inverse[order] = group
    counts = th.zeros((int(new.sum().item()),), dtype=int64)
    if n:
        counts = counts.scatter_add(0, group, th.ones((n,), dtype=int64))
    # the stable sort puts each value's first occurrence first in its group
    return ordered[new], inverse, counts, order[new]


def _unique(x):
    flat = x.reshape(-1)
    if flat.dtype in _complex_floating:
        return _unique_sorted(flat)
    values, inverse, counts = th.unique(flat, return_inverse=True, return_counts=True)
    n = flat.shape[0]
    first = th.full((values.shape[0],), n, dtype=int64)
    if n:
        first = first.scatter_reduce(0, inverse, th.arange(n, dtype=int64), "amin")
    return values, inverse, counts, first


def unique_all(x: th.Tensor, /) -> UniqueAllResult:
    """The sorted unique values, the index of each one's first occurrence, the inverse
    (x's shape) and the counts; each NaN is its own value.

    >>> from th import array_api as xp
    >>> r = xp.unique_all(xp.asarray([3, 1, 3]))
    >>> r.values, r.indices, r.inverse_indices, r.counts
    (tensor([1, 3]), tensor([1, 0]), tensor([1, 0, 1]), tensor([1, 2]))
    """
    check_array(x, "unique_all")
    values, inverse, counts, first = _unique(x)
    return UniqueAllResult(values, first, inverse.reshape(x.shape), counts)


def unique_counts(x: th.Tensor, /) -> UniqueCountsResult:
    """The sorted unique values and how often each occurs.

    >>> from th import array_api as xp
    >>> xp.unique_counts(xp.asarray([3, 1, 3]))
    UniqueCountsResult(values=tensor([1, 3]), counts=tensor([1, 2]))
    """
    check_array(x, "unique_counts")
    if x.dtype in _complex_floating:
        values, _, counts, _ = _unique(x)
    else:
        values, counts = th.unique(x.reshape(-1), return_counts=True)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: th.Tensor, /) -> UniqueInverseResult:
    """The sorted unique values and, for each element of x (x's shape), its value's index.

    >>> from th import array_api as xp
    >>> xp.unique_inverse(xp.asarray([3, 1, 3]))
    UniqueInverseResult(values=tensor([1, 3]), inverse_indices=tensor([1, 0, 1]))
    """
    check_array(x, "unique_inverse")
    if x.dtype in _complex_floating:
        values, inverse, _, _ = _unique(x)
    else:
        values, inverse = th.unique(x.reshape(-1), return_inverse=True)
    return UniqueInverseResult(values, inverse.reshape(x.shape))


def unique_values(x: th.Tensor, /) -> th.Tensor:
    """The sorted unique values of ``x`` (flattened).

    >>> from th import array_api as xp
    >>> xp.unique_values(xp.asarray([3, 1, 3]))
    tensor([1, 3])
    """
    check_array(x, "unique_values")
    if x.dtype in _complex_floating:
        return _unique(x)[0]
    return th.unique(x.reshape(-1))


def take(x: th.Tensor, indices: th.Tensor, /, *, axis: int | None = None) -> th.Tensor:
    """Elements of ``x`` at ``indices`` (1-D, negative from the end) along ``axis``.

    >>> from th import array_api as xp
    >>> xp.take(xp.asarray([[1, 2], [3, 4]]), xp.asarray([1, -2]), axis=1)
    tensor([[2, 1],
            [4, 3]])
    """
    check_array(x, "take")
    if axis is None:
        if x.ndim != 1:
            raise ValueError("take: axis is required for arrays of more than 1 dim")
        axis = 0
    axis = normalize_axis(axis, x.ndim, "take")
    indices = indices if isinstance(indices, th.Tensor) else th.asarray(indices)
    indices = th.where(indices < 0, indices + x.shape[axis], indices).to(int64)
    return th.index_select(x, axis, indices)


def take_along_axis(x: th.Tensor, indices: th.Tensor, /, *, axis: int = -1) -> th.Tensor:
    """Elements of ``x`` picked along ``axis`` by ``indices`` of the same rank (the other
    axes broadcast).

    >>> from th import array_api as xp
    >>> xp.take_along_axis(xp.asarray([[10, 30], [40, 20]]), xp.asarray([[1], [0]]), axis=1)
    tensor([[30],
            [40]])
    """
    check_array(x, "take_along_axis")
    if indices.ndim != x.ndim:
        raise ValueError("take_along_axis: indices must have x's number of dims")
    axis = normalize_axis(axis, x.ndim, "take_along_axis")
    shape = list(th.broadcast_shapes(
        tuple(1 if i == axis else n for i, n in enumerate(x.shape)),
        tuple(1 if i == axis else n for i, n in enumerate(indices.shape))))
    xs, js = list(shape), list(shape)
    xs[axis], js[axis] = x.shape[axis], indices.shape[axis]
    indices = th.where(indices < 0, indices + x.shape[axis], indices).to(int64)
    return th.gather(x.expand(tuple(xs)), axis, indices.expand(tuple(js)))

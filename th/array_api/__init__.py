"""th's namespace for the Python array API standard (2024.12).

``x.__array_namespace__()`` on a th.Tensor returns this module: the standard's functions,
constants and dtypes over th's tensors and kernels, the ``linalg`` extension (th.linalg's
LAPACK family) and the inspection API. Functions take th.Tensors and return th.Tensors;
th's own names in ``th`` keep torch's semantics. docs/ARRAY_API.md lists where th.Tensor
itself follows torch rather than the standard.

>>> import th
>>> xp = th.ones(3).__array_namespace__()
>>> xp.sum(xp.arange(4), axis=0, keepdims=True)
tensor([6])
"""
from __future__ import annotations

# ruff: noqa: F401, F811
# F401: the namespace re-exports its modules' names (__all__ is built below);
# F811: clip's min and max are the standard's parameter names.

import builtins as _builtins
import math as _math
from typing import Any as _Any

from th import Tensor as _Tensor, dtype as _dtype

from . import fft, linalg
from ._common import check_device as _check_device
from ._creation import (arange, asarray, empty, empty_like, eye, from_dlpack, full, full_like,
                        linspace, meshgrid, ones, ones_like, tril, triu, zeros, zeros_like)
from ._dtypes import (bool, can_cast, complex64, complex128, finfo, float32, float64, iinfo,
                      int8, int16, int32, int64, isdtype, result_type, uint8, uint16, uint32,
                      uint64)
from ._elementwise import (abs, acos, acosh, add, asin, asinh, atan, atan2, atanh,
                           bitwise_and, bitwise_invert, bitwise_left_shift, bitwise_or,
                           bitwise_right_shift, bitwise_xor, ceil, conj, copysign, cos, cosh,
                           divide, equal, exp, expm1, floor, floor_divide, greater,
                           greater_equal, hypot, imag, isfinite, isinf, isnan, less,
                           less_equal, log, log1p, log2, log10, logaddexp, logical_and,
                           logical_not, logical_or, logical_xor, maximum, minimum, multiply,
                           negative, nextafter, not_equal, positive, pow, real, reciprocal,
                           remainder, round, sign, signbit, sin, sinh, sqrt, square, subtract,
                           tan, tanh, trunc)
from ._info import __array_namespace_info__
from ._linear import matmul, matrix_transpose, tensordot, vecdot
from ._manipulation import (broadcast_arrays, broadcast_to, concat, expand_dims, flip,
                            moveaxis, permute_dims, repeat, reshape, roll, squeeze, stack,
                            tile, unstack)
from ._reductions import (UniqueAllResult, UniqueCountsResult, UniqueInverseResult, all, any,
                          argmax, argmin, argsort, count_nonzero, cumulative_prod,
                          cumulative_sum, diff, max, mean, min, nonzero, prod, searchsorted,
                          sort, std, sum, take, take_along_axis, unique_all, unique_counts,
                          unique_inverse, unique_values, var, where)

__array_api_version__ = "2024.12"

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None


def clip(x: _Tensor, /, min: int | float | _Tensor | None = None,
         max: int | float | _Tensor | None = None) -> _Tensor:
    """``x`` limited to [min, max] (scalars or arrays broadcast against x); the result keeps
    x's dtype; NaN bounds give NaN.

    >>> from th import array_api as xp
    >>> xp.clip(xp.asarray([1, 5, 9]), 2, 6)
    tensor([2, 5, 6])
    """
    import th
    from ._common import check_array

    check_array(x, "clip")
    result = x.clone()
    for bound, pick in ((min, th.maximum), (max, th.minimum)):
        if bound is None:
            continue
        if not isinstance(bound, th.Tensor):
            if x.dtype in (int8, int16, int32, int64, uint8, uint16, uint32, uint64):
                info = iinfo(x.dtype)
                if isinstance(bound, int) and not info.min <= bound <= info.max:
                    # an out-of-range integer bound cannot bind on this dtype: clamp it
                    bound = info.min if bound < info.min else info.max
            bound = th.tensor(bound, dtype=x.dtype)
        elif bound.dtype != x.dtype:
            bound = bound.to(x.dtype)
        result = pick(result, bound.expand(th.broadcast_shapes(bound.shape, x.shape))
                      if bound.ndim else bound)
    return result


def astype(x: _Tensor, dtype: _dtype, /, *, copy: _builtins.bool = True,
           device: _Any = None) -> _Tensor:
    """``x`` cast to ``dtype`` (``copy=False`` returns x itself when nothing changes).

    >>> from th import array_api as xp
    >>> xp.astype(xp.asarray([1.7, -1.7]), xp.int32)
    tensor([ 1, -1], dtype=th.int32)
    """
    _check_device(device, "astype")
    if not copy and x.dtype == dtype:
        return x
    return x.to(dtype, copy=True)


def device(x: _Tensor, /) -> _Any:
    """The device of an array (th's CPU device); not a name of the standard, as
    array-api-compat's ``device(x)``.

    >>> from th import array_api as xp
    >>> str(xp.device(xp.ones(2)))
    'cpu'
    """
    return x.device


def to_device(x: _Tensor, device: _Any, /, *, stream: _Any = None) -> _Tensor:
    """``x`` on ``device``: th has only the CPU, so x itself ("cpu" or a device object of
    type 'cpu'; other devices are refused). As array-api-compat's ``to_device(x, device)``.

    >>> from th import array_api as xp
    >>> xp.to_device(xp.ones(2), "cpu")
    tensor([1., 1.])
    """
    _check_device(device, "to_device")
    return x


__all__ = sorted(name for name in dir() if not name.startswith("_") and name not in
                 ("annotations", "th")) + ["__array_api_version__", "__array_namespace_info__"]

"""The standard's creation functions: shapes as ints or tuples, ``device=`` ("cpu"),
``copy=`` on asarray, ``k=`` on eye/tril/triu, ``endpoint=`` on linspace."""
from __future__ import annotations

import math
import operator
from typing import Any

import th

from ._common import check_array, check_device
from ._dtypes import (_complex_floating, _integral, _py_scalars, bool as _bool,
                      complex64, float32, float64, int64)


def _shape(shape, fn):
    """A tuple of Python ints; integer-like sizes (numpy's int64, as SciPy passes) count."""
    if hasattr(shape, "__index__") and not isinstance(shape, bool):
        shape = (shape,)
    out = []
    for n in tuple(shape):
        if isinstance(n, bool) or not hasattr(n, "__index__") or operator.index(n) < 0:
            raise ValueError(f"{fn}: shape must hold non-negative ints, got {shape!r}")
        out.append(operator.index(n))
    return tuple(out)


def _check_dtype(dtype, fn):
    if dtype is not None and not isinstance(dtype, th.dtype):
        raise TypeError(f"{fn}: dtype must be a th dtype or None, not {dtype!r}")


def _default_dtype(value):
    if isinstance(value, bool):
        return _bool
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return float32
    return complex64


def asarray(obj: Any, /, *, dtype: th.dtype | None = None, device: Any = None,
            copy: bool | None = None) -> th.Tensor:
    """An array from a th.Tensor, a Python scalar, a nested sequence, a buffer or any object
    with ``__dlpack__``; ``copy=None`` copies only when needed, ``copy=False`` never (an error
    when it would have to), ``copy=True`` always.

    >>> from th import array_api as xp
    >>> xp.asarray([[1, 2], [3, 4]], dtype=xp.float64)
    tensor([[1., 2.],
            [3., 4.]], dtype=th.float64)
    """
    check_device(device, "asarray")
    _check_dtype(dtype, "asarray")
    if isinstance(obj, th.Tensor):
        if dtype is not None and dtype != obj.dtype:
            if copy is False:
                raise ValueError("asarray: copy=False but a cast to another dtype copies")
            return obj.to(dtype)
        return obj.clone() if copy else obj
    if not isinstance(obj, (list, tuple) + _py_scalars) and hasattr(obj, "__dlpack__"):
        try:
            t = th.from_dlpack(obj)
        except (TypeError, BufferError, RuntimeError):
            t = None
        if t is not None:
            return asarray(t, dtype=dtype, copy=copy)
    if copy is False and not _is_buffer(obj):
        raise ValueError("asarray: copy=False but a sequence or scalar must be copied")
    if isinstance(obj, _py_scalars) and dtype is None:
        dtype = _default_dtype(obj)
    if isinstance(obj, float) and dtype is float32:
        # a float beyond float32's range rounds to ±inf, as a cast does (th.asarray refuses)
        return th.asarray(obj, dtype=float64).to(float32)
    return th.asarray(obj, dtype=dtype, copy=copy)


def _is_buffer(obj):
    try:
        memoryview(obj)
    except TypeError:
        return False
    return True


def empty(shape: int | tuple[int, ...], *, dtype: th.dtype | None = None,
          device: Any = None) -> th.Tensor:
    """An uninitialised array of ``shape``.

    >>> from th import array_api as xp
    >>> xp.empty((2, 3)).shape
    (2, 3)
    """
    check_device(device, "empty")
    _check_dtype(dtype, "empty")
    return th.empty(_shape(shape, "empty"), dtype=dtype)


def zeros(shape: int | tuple[int, ...], *, dtype: th.dtype | None = None,
          device: Any = None) -> th.Tensor:
    """An array of zeros.

    >>> from th import array_api as xp
    >>> xp.zeros(3, dtype=xp.int32)
    tensor([0, 0, 0], dtype=th.int32)
    """
    check_device(device, "zeros")
    _check_dtype(dtype, "zeros")
    return th.zeros(_shape(shape, "zeros"), dtype=dtype)


def ones(shape: int | tuple[int, ...], *, dtype: th.dtype | None = None,
         device: Any = None) -> th.Tensor:
    """An array of ones.

    >>> from th import array_api as xp
    >>> xp.ones((2,))
    tensor([1., 1.])
    """
    check_device(device, "ones")
    _check_dtype(dtype, "ones")
    return th.ones(_shape(shape, "ones"), dtype=dtype)


def full(shape: int | tuple[int, ...], fill_value: bool | int | float | complex, *,
         dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """An array filled with ``fill_value`` (dtype from the value when not given).

    >>> from th import array_api as xp
    >>> xp.full((2,), 7)
    tensor([7, 7])
    """
    check_device(device, "full")
    _check_dtype(dtype, "full")
    if isinstance(fill_value, th.Tensor):
        fill_value = fill_value.item()
    if dtype is None:
        dtype = _default_dtype(fill_value)
    return th.full(_shape(shape, "full"), fill_value, dtype=dtype)


def _like(fn, x, dtype, device, name):
    check_array(x, name)
    check_device(device, name)
    _check_dtype(dtype, name)
    return fn(x.shape, dtype=x.dtype if dtype is None else dtype)


def empty_like(x: th.Tensor, /, *, dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """An uninitialised array with the shape (and dtype) of ``x``.

    >>> from th import array_api as xp
    >>> xp.empty_like(xp.ones((2, 2))).shape
    (2, 2)
    """
    return _like(th.empty, x, dtype, device, "empty_like")


def zeros_like(x: th.Tensor, /, *, dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """Zeros with the shape (and dtype) of ``x``.

    >>> from th import array_api as xp
    >>> xp.zeros_like(xp.asarray([1, 2]))
    tensor([0, 0])
    """
    return _like(th.zeros, x, dtype, device, "zeros_like")


def ones_like(x: th.Tensor, /, *, dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """Ones with the shape (and dtype) of ``x``.

    >>> from th import array_api as xp
    >>> xp.ones_like(xp.asarray([1, 2]))
    tensor([1, 1])
    """
    return _like(th.ones, x, dtype, device, "ones_like")


def full_like(x: th.Tensor, /, fill_value: bool | int | float | complex, *,
              dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """``fill_value`` with the shape (and dtype) of ``x``.

    >>> from th import array_api as xp
    >>> xp.full_like(xp.asarray([1, 2]), 5)
    tensor([5, 5])
    """
    check_array(x, "full_like")
    check_device(device, "full_like")
    _check_dtype(dtype, "full_like")
    return th.full(x.shape, fill_value, dtype=x.dtype if dtype is None else dtype)


def arange(start: int | float, /, stop: int | float | None = None, step: int | float = 1, *,
           dtype: th.dtype | None = None, device: Any = None) -> th.Tensor:
    """Evenly spaced values in [start, stop): ``ceil((stop - start) / step)`` of them, empty
    when the step points away from stop.

    >>> from th import array_api as xp
    >>> xp.arange(5, 0, -2)
    tensor([5, 3, 1])
    """
    check_device(device, "arange")
    _check_dtype(dtype, "arange")
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("arange: step must not be zero")
    if dtype is None:
        all_int = all(isinstance(v, int) for v in (start, stop, step))
        dtype = int64 if all_int else float32
    n = max(math.ceil((stop - start) / step), 0)
    if n == 0:
        return th.empty((0,), dtype=dtype)
    if dtype in _integral:
        return th.arange(start, start + n * step, step, dtype=dtype)
    # start + i*step computed in float64, as the standard's formula, then cast
    values = th.arange(n, dtype=float64) * step + start
    return values.to(dtype)


def linspace(start: int | float | complex, stop: int | float | complex, /, num: int, *,
             dtype: th.dtype | None = None, device: Any = None, endpoint: bool = True) -> th.Tensor:
    """``num`` evenly spaced values from start to stop (stop left out when not endpoint);
    a complex start or stop gives a complex array.

    >>> from th import array_api as xp
    >>> xp.linspace(0, 1, 4, endpoint=False)
    tensor([0.0000, 0.2500, 0.5000, 0.7500])
    """
    check_device(device, "linspace")
    _check_dtype(dtype, "linspace")
    if not isinstance(num, int) or num < 0:
        raise ValueError(f"linspace: num must be a non-negative int, got {num!r}")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    if dtype is None:
        dtype = complex64 if is_complex else float32
    if num == 0:
        return th.empty((0,), dtype=dtype)
    if is_complex or dtype in _complex_floating:
        from ._elementwise import _complex
        re = linspace(complex(start).real, complex(stop).real, num, dtype=float64,
                      endpoint=endpoint)
        im = linspace(complex(start).imag, complex(stop).imag, num, dtype=float64,
                      endpoint=endpoint)
        return _complex(re, im).to(dtype)
    divisions = num - 1 if endpoint else num
    if divisions == 0:
        return th.full((1,), start, dtype=float64).to(dtype)
    i = th.arange(num, dtype=float64)
    values = start + i * ((stop - start) / divisions)
    if endpoint:
        values[-1] = stop
    return values.to(dtype)


def eye(n_rows: int, n_cols: int | None = None, /, *, k: int = 0, dtype: th.dtype | None = None,
        device: Any = None) -> th.Tensor:
    """A 2-D array with ones on the ``k``-th diagonal.

    >>> from th import array_api as xp
    >>> xp.eye(2, 3, k=1, dtype=xp.int8)
    tensor([[0, 1, 0],
            [0, 0, 1]], dtype=th.int8)
    """
    check_device(device, "eye")
    _check_dtype(dtype, "eye")
    n_cols = n_rows if n_cols is None else n_cols
    z = th.zeros((n_rows, n_cols), dtype=dtype)
    if -n_rows < k < n_cols:
        z.diagonal(k).fill_(1)
    return z


def tril(x: th.Tensor, /, *, k: int = 0) -> th.Tensor:
    """The lower triangle of the last two axes (below and on the ``k``-th diagonal).

    >>> from th import array_api as xp
    >>> xp.tril(xp.ones((2, 2), dtype=xp.int8))
    tensor([[1, 0],
            [1, 1]], dtype=th.int8)
    """
    check_array(x, "tril")
    return th.tril(x, k)


def triu(x: th.Tensor, /, *, k: int = 0) -> th.Tensor:
    """The upper triangle of the last two axes (above and on the ``k``-th diagonal).

    >>> from th import array_api as xp
    >>> xp.triu(xp.ones((2, 2), dtype=xp.int8))
    tensor([[1, 1],
            [0, 1]], dtype=th.int8)
    """
    check_array(x, "triu")
    return th.triu(x, k)


def meshgrid(*arrays: th.Tensor, indexing: str = "xy") -> list[th.Tensor]:
    """Coordinate arrays from 1-D arrays ('xy': Cartesian, 'ij': matrix indexing).

    >>> from th import array_api as xp
    >>> [g.shape for g in xp.meshgrid(xp.arange(2), xp.arange(3))]
    [(3, 2), (3, 2)]
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', not {indexing!r}")
    if not arrays:
        return []
    return list(th.meshgrid(*arrays, indexing=indexing))


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> th.Tensor:
    """An array sharing the memory of any object with ``__dlpack__`` (a copy if ``copy``).

    >>> from th import array_api as xp
    >>> xp.from_dlpack(xp.asarray([1, 2]))
    tensor([1, 2])
    """
    check_device(device, "from_dlpack")
    t = th.from_dlpack(x)
    return t.clone() if copy else t

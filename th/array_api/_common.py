"""What the namespace's functions share: argument checks, devices, axis normalisation,
the standard's promotion of two operands."""
from __future__ import annotations

from typing import Any

import th

from ._dtypes import _py_scalars, result_type

# th computes on the CPU only
cpu = th.device("cpu")


def check_device(device: Any, fn: str) -> None:
    """Accept None, "cpu" or any device object whose type is 'cpu' (th.device, torch.device)."""
    if device is None or device == "cpu" or getattr(device, "type", None) == "cpu":
        return
    raise ValueError(f"{fn}: th computes on the CPU only; device {device!r} is not available")


def check_array(x: object, fn: str, name: str = "x") -> None:
    if not isinstance(x, th.Tensor):
        raise TypeError(f"{fn}: {name} must be a th.Tensor, not {type(x).__name__}")


def normalize_axis(axis: int, ndim: int, fn: str) -> int:
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"{fn}: axis must be an int, not {axis!r}")
    n = max(ndim, 1) if ndim == 0 and axis in (0, -1) else ndim
    if not -n <= axis < n:
        raise th.OutOfRange(f"{fn}: axis {axis} is out of range for an array of {ndim} dims")
    return axis % n


def normalize_axes(axis: int | tuple[int, ...] | None, ndim: int, fn: str) -> tuple[int, ...]:
    """A tuple of distinct non-negative axes (None: all of them)."""
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = []
    for a in axes:
        if not isinstance(a, int) or isinstance(a, bool):
            raise TypeError(f"{fn}: axis must hold ints, not {a!r}")
        if not -ndim <= a < ndim:
            raise th.OutOfRange(f"{fn}: axis {a} is out of range for an array of {ndim} dims")
        a %= ndim
        if a in out:
            raise ValueError(f"{fn}: axis {a} is repeated")
        out.append(a)
    return tuple(out)


def as_operand(value: Any, dtype: th.dtype) -> th.Tensor:
    """A Python scalar as a 0-d tensor of ``dtype`` (an array stays as it is)."""
    if isinstance(value, th.Tensor):
        return value
    if isinstance(value, _py_scalars):
        wide = {th.float32: th.float64, th.complex64: th.complex128}.get(dtype)
        if wide is not None and isinstance(value, (float, complex)):
            # beyond float32's range a scalar rounds to ±inf, as a cast does
            return th.tensor(value, dtype=wide).to(dtype)
        return th.tensor(value, dtype=dtype)
    raise TypeError(f"expected a th.Tensor or a Python scalar, not {type(value).__name__}")


def promote(x1: th.Tensor | int | float | complex, x2: th.Tensor | int | float | complex,
            fn: str) -> tuple[th.Tensor, th.Tensor]:
    """Both operands as tensors of the standard's result dtype."""
    if not isinstance(x1, th.Tensor) and not isinstance(x2, th.Tensor):
        raise TypeError(f"{fn}: at least one operand must be a th.Tensor")
    dtype = result_type(x1, x2)
    x1 = as_operand(x1, dtype)
    x2 = as_operand(x2, dtype)
    if x1.dtype != dtype:
        x1 = x1.to(dtype)
    if x2.dtype != dtype:
        x2 = x2.to(dtype)
    return x1, x2


def keepdims_none(result: th.Tensor, ndim: int, keepdims: bool) -> th.Tensor:
    """A whole-array reduction's result with ``ndim`` ones when keepdims is asked for."""
    if keepdims:
        return result.reshape((1,) * ndim)
    return result

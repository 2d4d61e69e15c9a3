"""torch's trapezoidal rule: trapezoid (trapz) and cumulative_trapezoid,
with sample points x or a constant spacing dx, written as torch's
Integration.cpp writes them so that dtypes and rounding follow."""
import operator
from typing import TYPE_CHECKING, Any, Optional, SupportsIndex, Union

import th
from th._errors import Error, OutOfRange

if TYPE_CHECKING:
    from th._tensor import Tensor


def _dim(y: "Tensor", dim: SupportsIndex) -> int:
    d, nd = operator.index(dim), y.dim()
    if nd == 0:
        raise OutOfRange(f"Dimension specified as {d} but tensor has no dimensions")
    if not -nd <= d < nd:
        raise OutOfRange(f"Dimension out of range (expected to be in range of [{-nd}, {nd - 1}],"
                         f" but got {d})")
    return d % nd


def _sides(t: "Tensor", dim: int) -> "tuple[Tensor, Tensor]":
    """t without its last and without its first sample along dim."""
    n = max(t.shape[dim] - 1, 0)
    return t.narrow(dim, 0, n), t.narrow(dim, t.shape[dim] - n, n)


def _spacing(fn: str, y: "Tensor", x: "Tensor", dim: int) -> "Tensor":
    """The differences of x along dim, x first viewed to line up with y (a
    1-D x along dim, a shorter one padded with leading dims)."""
    if x.dim() == 1:
        if x.shape[0] != y.shape[dim]:
            raise Error(f"{fn}: There must be one `x` value for each sample point")
        shape = [1] * y.dim()
        shape[dim] = x.shape[0]
        x = x.reshape(shape)
    elif x.dim() < y.dim():
        x = x.reshape((1,) * (y.dim() - x.dim()) + x.shape)
    left, right = _sides(x, dim)
    return right - left


def _check(fn: str, y: Any, x: Any, dx: Any) -> None:
    if not isinstance(y, th.Tensor):
        raise TypeError(f"{fn}(): argument 'y' (position 1) must be Tensor, not "
                        f"{type(y).__name__}")
    if x is not None and dx is not None:
        raise TypeError(f"{fn}(): takes x or dx, not both")
    if x is not None and not isinstance(x, th.Tensor):
        raise TypeError(f"{fn}(): argument 'x' (position 2) must be Tensor, not "
                        f"{type(x).__name__}")
    if dx is not None and (isinstance(dx, (bool, complex)) or
                           (isinstance(dx, th.Tensor) and (dx.is_complex() or
                                                           dx.dtype == th.bool))):
        raise Error(f"{fn}: Currently, we only support dx as a real number.")


def trapezoid(y: "Tensor", x: Optional["Tensor"] = None, *, dx: Optional[float] = None,
              dim: SupportsIndex = -1) -> "Tensor":
    """The integral of y along dim by the trapezoidal rule, at sample points
    x (a tensor) or spaced dx apart (1 by default); zero samples give 0.

    >>> th.trapezoid(th.tensor([1.0, 2.0, 3.0]))
    tensor(4.)
    >>> th.trapezoid(th.tensor([1.0, 2.0, 3.0]), th.tensor([0.0, 1.0, 3.0]))
    tensor(6.5000)
    """
    _check("trapezoid", y, x, dx)
    d = _dim(y, dim)
    if y.dim() and y.shape[d] == 0:  # numpy's answer for no samples
        return th.zeros(y.shape[:d] + y.shape[d + 1:], dtype=y.dtype)
    if y.dtype == th.bool or (x is not None and x.dtype == th.bool):
        raise Error("trapezoid: received a bool input for `x` or `y`, but bool is not supported"
                    if x is not None else
                    "trapezoid: received a bool input for `y`, but bool is not supported")
    if x is not None:
        left, right = _sides(y, d)
        return th.sum((left + right) * _spacing("trapezoid", y, x, d), d) / 2.0
    step = float(1 if dx is None else dx)
    return (th.sum(y, d) - (th.select(y, d, 0) + th.select(y, d, -1)) * 0.5) * step


def trapz(y: "Tensor", x: Optional["Tensor"] = None, *, dx: Optional[float] = None,
          dim: SupportsIndex = -1) -> "Tensor":
    """Alias of trapezoid.

    >>> th.trapz(th.tensor([1.0, 2.0, 3.0]), dx=2.0)
    tensor(8.)
    """
    return trapezoid(y, x, dx=dx, dim=dim)


def cumulative_trapezoid(y: "Tensor", x: Optional["Tensor"] = None, *,
                         dx: Optional[Union[int, float]] = None,
                         dim: SupportsIndex = -1) -> "Tensor":
    """The running integral of y along dim by the trapezoidal rule (one value
    fewer than y along dim), at sample points x or spaced dx apart.

    >>> th.cumulative_trapezoid(th.tensor([1.0, 2.0, 3.0]))
    tensor([1.5000, 4.0000])
    """
    _check("cumulative_trapezoid", y, x, dx)
    d = _dim(y, dim)
    if y.dtype == th.bool or (x is not None and x.dtype == th.bool):
        raise Error("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is "
                    "not supported" if x is not None else
                    "cumulative_trapezoid: received a bool input for `y`, but bool is not "
                    "supported")
    left, right = _sides(y, d)
    if x is not None:
        return th.cumsum((left + right) * _spacing("cumulative_trapezoid", y, x, d), d) / 2.0
    step = float(1 if dx is None else dx)
    return th.cumsum(step / 2.0 * (left + right), d)

"""The standard's main-namespace linear algebra: matmul, matrix_transpose, tensordot,
vecdot (promoting dtypes, as the standard does and torch does not)."""
from __future__ import annotations

from collections.abc import Sequence

import th

from ._common import check_array, normalize_axis, promote
from ._dtypes import _complex_floating


def matmul(x1: th.Tensor, x2: th.Tensor, /) -> th.Tensor:
    """The matrix product (1-D operands as vectors, batches broadcast).

    >>> from th import array_api as xp
    >>> xp.matmul(xp.asarray([[1, 2], [3, 4]]), xp.asarray([1, 1]))
    tensor([3, 7])
    """
    check_array(x1, "matmul", "x1")
    check_array(x2, "matmul", "x2")
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul: 0-d arrays have no matrix product")
    x1, x2 = promote(x1, x2, "matmul")
    return th.matmul(x1, x2)


def matrix_transpose(x: th.Tensor, /) -> th.Tensor:
    """The transpose of the last two axes (a view).

    >>> from th import array_api as xp
    >>> xp.matrix_transpose(xp.ones((2, 3, 4))).shape
    (2, 4, 3)
    """
    check_array(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError("matrix_transpose: expected an array of at least 2 dims")
    return x.mT


def tensordot(x1: th.Tensor, x2: th.Tensor, /, *,
              axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> th.Tensor:
    """Sum of products over ``axes`` (an int: x1's last and x2's first that many; or two
    sequences of axes), through one matrix product.

    >>> from th import array_api as xp
    >>> xp.tensordot(xp.ones((2, 3)), xp.ones((3, 4)), axes=1).shape
    (2, 4)
    """
    x1, x2 = promote(x1, x2, "tensordot")
    if isinstance(axes, int):
        if axes < 0 or axes > min(x1.ndim, x2.ndim):
            raise ValueError(f"tensordot: axes={axes} is out of range")
        a1 = list(range(x1.ndim - axes, x1.ndim))
        a2 = list(range(axes))
    else:
        a1, a2 = (list(a) for a in axes)
        if len(a1) != len(a2):
            raise ValueError("tensordot: the two axis lists differ in length")
        a1 = [normalize_axis(a, x1.ndim, "tensordot") for a in a1]
        a2 = [normalize_axis(a, x2.ndim, "tensordot") for a in a2]
    for i, j in zip(a1, a2):
        if x1.shape[i] != x2.shape[j]:
            raise ValueError(f"tensordot: contracted sizes differ ({x1.shape[i]} and "
                             f"{x2.shape[j]})")
    free1 = [i for i in range(x1.ndim) if i not in a1]
    free2 = [j for j in range(x2.ndim) if j not in a2]
    k = 1
    for i in a1:
        k *= x1.shape[i]
    m = 1
    for i in free1:
        m *= x1.shape[i]
    n = 1
    for j in free2:
        n *= x2.shape[j]
    left = x1.permute(free1 + a1).reshape((m, k))
    right = x2.permute(a2 + free2).reshape((k, n))
    if x1.dtype.is_floating_point or x1.dtype in _complex_floating:
        product = th.matmul(left, right)
    else:  # integers: an exact sum of products (BLAS is for floating types)
        product = (left.unsqueeze(-1) * right.unsqueeze(0)).sum(1).to(x1.dtype)
    shape = tuple(x1.shape[i] for i in free1) + tuple(x2.shape[j] for j in free2)
    return product.reshape(shape)


def vecdot(x1: th.Tensor, x2: th.Tensor, /, *, axis: int = -1) -> th.Tensor:
    """The dot product of vectors along ``axis`` (x1 conjugated), batches broadcast.

    >>> from th import array_api as xp
    >>> xp.vecdot(xp.asarray([[1.0, 2.0], [3.0, 4.0]]), xp.asarray([1.0, 1.0]))
    tensor([3., 7.])
    """
    x1, x2 = promote(x1, x2, "vecdot")
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("vecdot: expected arrays of at least 1 dim")
    if axis >= 0:
        raise ValueError("vecdot: axis must be negative (counted from the end after "
                         "broadcasting)")
    if -axis > min(x1.ndim, x2.ndim) or x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot: axis {axis} does not match x1 {x1.shape} and x2 {x2.shape}")
    if x1.dtype in _complex_floating:
        x1 = th.conj_physical(x1)
    product = (x1 * x2).sum(axis)
    # th's integer sums accumulate in int64; the standard keeps the operands' dtype
    return product if product.dtype == x1.dtype else product.to(x1.dtype)

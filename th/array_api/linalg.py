"""The standard's ``linalg`` extension over th.linalg (LAPACK): the standard's keyword
names (``upper=``, ``rtol=``, ``keepdims=``, ``offset=``) and promotion."""
from __future__ import annotations

from collections import namedtuple

import th
from th import linalg as _linalg

from ._common import check_array, normalize_axes, promote
from ._dtypes import _complex_floating, _real_floating, _signed, _unsigned, int64, uint64
from ._linear import matmul, matrix_transpose, tensordot, vecdot

__all__ = ["cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul",
           "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv",
           "qr", "slogdet", "solve", "svd", "svdvals", "tensordot", "trace", "vecdot",
           "vector_norm"]

EighResult = namedtuple("EighResult", "eigenvalues eigenvectors")
QRResult = namedtuple("QRResult", "Q R")
SlogdetResult = namedtuple("SlogdetResult", "sign logabsdet")
SVDResult = namedtuple("SVDResult", "U S Vh")


def _floating(x, fn):
    check_array(x, fn)
    if x.dtype not in _real_floating + _complex_floating:
        raise TypeError(f"linalg.{fn}: expected a floating-point array, got {x.dtype}")


def cholesky(x: th.Tensor, /, *, upper: bool = False) -> th.Tensor:
    """The Cholesky factor of symmetric (Hermitian) positive-definite matrices.

    >>> from th import array_api as xp
    >>> xp.linalg.cholesky(xp.asarray([[4.0, 2.0], [2.0, 5.0]]))
    tensor([[2., 0.],
            [1., 2.]])
    """
    _floating(x, "cholesky")
    return _linalg.cholesky(x, upper=upper)


def cross(x1: th.Tensor, x2: th.Tensor, /, *, axis: int = -1) -> th.Tensor:
    """The cross product of 3-vectors along ``axis`` (batches broadcast).

    >>> from th import array_api as xp
    >>> xp.linalg.cross(xp.asarray([1, 0, 0]), xp.asarray([0, 1, 0]))
    tensor([0, 0, 1])
    """
    x1, x2 = promote(x1, x2, "linalg.cross")
    if axis >= 0:
        raise ValueError("linalg.cross: axis must be negative")
    if -axis > min(x1.ndim, x2.ndim) or x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"linalg.cross: axis {axis} must have size 3 in both arrays")
    shape = th.broadcast_shapes(x1.shape, x2.shape)
    return _linalg.cross(x1.expand(shape), x2.expand(shape), dim=axis)


def det(x: th.Tensor, /) -> th.Tensor:
    """The determinant of each matrix.

    >>> from th import array_api as xp
    >>> xp.linalg.det(xp.asarray([[1.0, 2.0], [3.0, 4.0]]))
    tensor(-2.)
    """
    _floating(x, "det")
    return _linalg.det(x)


def diagonal(x: th.Tensor, /, *, offset: int = 0) -> th.Tensor:
    """The ``offset``-th diagonal of the last two axes (a view).

    >>> from th import array_api as xp
    >>> xp.linalg.diagonal(xp.asarray([[1, 2], [3, 4]]), offset=1)
    tensor([2])
    """
    check_array(x, "diagonal")
    return x.diagonal(offset, -2, -1)


def eigh(x: th.Tensor, /) -> EighResult:
    """Eigenvalues (ascending) and eigenvectors of symmetric (Hermitian) matrices.

    >>> from th import array_api as xp
    >>> xp.linalg.eigh(xp.asarray([[2.0, 0.0], [0.0, 1.0]])).eigenvalues
    tensor([1., 2.])
    """
    _floating(x, "eigh")
    return EighResult(*_linalg.eigh(x))


def eigvalsh(x: th.Tensor, /) -> th.Tensor:
    """Eigenvalues (ascending) of symmetric (Hermitian) matrices.

    >>> from th import array_api as xp
    >>> xp.linalg.eigvalsh(xp.asarray([[2.0, 0.0], [0.0, 1.0]]))
    tensor([1., 2.])
    """
    _floating(x, "eigvalsh")
    return _linalg.eigvalsh(x)


def inv(x: th.Tensor, /) -> th.Tensor:
    """The inverse of each square matrix.

    >>> from th import array_api as xp
    >>> xp.linalg.inv(xp.asarray([[2.0, 0.0], [0.0, 4.0]]))
    tensor([[0.5000, 0.0000],
            [0.0000, 0.2500]])
    """
    _floating(x, "inv")
    return _linalg.inv(x)


def matrix_norm(x: th.Tensor, /, *, keepdims: bool = False,
                ord: int | float | str = "fro") -> th.Tensor:
    """A matrix norm of the last two axes: 'fro', 'nuc', 1, -1, 2, -2, inf, -inf.

    >>> from th import array_api as xp
    >>> xp.linalg.matrix_norm(xp.asarray([[3.0, 0.0], [0.0, 4.0]]))
    tensor(5.)
    """
    _floating(x, "matrix_norm")
    return _linalg.matrix_norm(x, ord, (-2, -1), keepdims)


def matrix_power(x: th.Tensor, n: int, /) -> th.Tensor:
    """The ``n``-th power of each square matrix (negative ``n``: of its inverse).

    >>> from th import array_api as xp
    >>> xp.linalg.matrix_power(xp.asarray([[1, 1], [0, 1]]), 3)
    tensor([[1, 3],
            [0, 1]])
    """
    check_array(x, "matrix_power")
    return _linalg.matrix_power(x, n)


def matrix_rank(x: th.Tensor, /, *, rtol: float | th.Tensor | None = None) -> th.Tensor:
    """The number of singular values above ``rtol`` times the largest (default
    max(M, N)·eps).

    >>> from th import array_api as xp
    >>> xp.linalg.matrix_rank(xp.asarray([[1.0, 2.0], [2.0, 4.0]]))
    tensor(1)
    """
    _floating(x, "matrix_rank")
    if isinstance(rtol, th.Tensor):
        rtol = rtol.unsqueeze(-1)
    return _linalg.matrix_rank(x, rtol=rtol)


def outer(x1: th.Tensor, x2: th.Tensor, /) -> th.Tensor:
    """The outer product of two 1-D arrays.

    >>> from th import array_api as xp
    >>> xp.linalg.outer(xp.asarray([1, 2]), xp.asarray([3, 4]))
    tensor([[3, 4],
            [6, 8]])
    """
    x1, x2 = promote(x1, x2, "linalg.outer")
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("linalg.outer: expected two 1-D arrays")
    return x1.unsqueeze(1) * x2.unsqueeze(0)


def pinv(x: th.Tensor, /, *, rtol: float | th.Tensor | None = None) -> th.Tensor:
    """The Moore-Penrose pseudo-inverse (singular values at or below ``rtol`` times the
    largest count as zero).

    >>> from th import array_api as xp
    >>> xp.linalg.pinv(xp.asarray([[2.0, 0.0], [0.0, 0.0]]))
    tensor([[0.5000, 0.0000],
            [0.0000, 0.0000]])
    """
    _floating(x, "pinv")
    if isinstance(rtol, th.Tensor):
        rtol = rtol.unsqueeze(-1)
    return _linalg.pinv(x, rtol=rtol)


def qr(x: th.Tensor, /, *, mode: str = "reduced") -> QRResult:
    """The QR factorisation ('reduced' or 'complete').

    >>> from th import array_api as xp
    >>> q, r = xp.linalg.qr(xp.asarray([[3.0, 0.0], [4.0, 5.0]]))
    >>> r.shape
    (2, 2)
    """
    _floating(x, "qr")
    if mode not in ("reduced", "complete"):
        raise ValueError(f"linalg.qr: mode must be 'reduced' or 'complete', not {mode!r}")
    return QRResult(*_linalg.qr(x, mode))


def slogdet(x: th.Tensor, /) -> SlogdetResult:
    """The sign and natural log of |det| of each matrix.

    >>> from th import array_api as xp
    >>> xp.linalg.slogdet(xp.asarray([[2.0, 0.0], [0.0, 3.0]])).sign
    tensor(1.)
    """
    _floating(x, "slogdet")
    return SlogdetResult(*_linalg.slogdet(x))


def solve(x1: th.Tensor, x2: th.Tensor, /) -> th.Tensor:
    """The solution X of x1 @ X = x2 (x2 a vector when 1-D; batches broadcast).

    >>> from th import array_api as xp
    >>> xp.linalg.solve(xp.asarray([[2.0, 0.0], [0.0, 4.0]]), xp.asarray([2.0, 4.0]))
    tensor([1., 1.])
    """
    x1, x2 = promote(x1, x2, "linalg.solve")
    _floating(x1, "solve")
    if x2.ndim == 1:
        # a column of x1's batch shape: torch's solve would take an (M, 1) x2 beside a
        # (1, M, M) x1 for a batch of vectors, the result losing a dim
        column = x2.unsqueeze(-1).expand(*x1.shape[:-2], x2.shape[0], 1)
        return _linalg.solve(x1, column).squeeze(-1)
    return _linalg.solve(x1, x2)


def svd(x: th.Tensor, /, *, full_matrices: bool = True) -> SVDResult:
    """The singular value decomposition U, S, Vh (S descending).

    >>> from th import array_api as xp
    >>> xp.linalg.svd(xp.asarray([[3.0, 0.0], [0.0, 4.0]])).S
    tensor([4., 3.])
    """
    _floating(x, "svd")
    return SVDResult(*_linalg.svd(x, full_matrices))


def svdvals(x: th.Tensor, /) -> th.Tensor:
    """The singular values (descending).

    >>> from th import array_api as xp
    >>> xp.linalg.svdvals(xp.asarray([[3.0, 0.0], [0.0, 4.0]]))
    tensor([4., 3.])
    """
    _floating(x, "svdvals")
    return _linalg.svdvals(x)


def trace(x: th.Tensor, /, *, offset: int = 0, dtype: th.dtype | None = None) -> th.Tensor:
    """The sum of the ``offset``-th diagonal of the last two axes; integers accumulate in
    (u)int64.

    >>> from th import array_api as xp
    >>> xp.linalg.trace(xp.asarray([[1, 2], [3, 4]], dtype=xp.int8))
    tensor(5)
    """
    check_array(x, "trace")
    if dtype is None:
        dtype = int64 if x.dtype in _signed else uint64 if x.dtype in _unsigned else x.dtype
    result = x.diagonal(offset, -2, -1).sum(-1, dtype=dtype)
    # th's integer sums accumulate in int64 whatever dtype= asks
    return result if result.dtype == dtype else result.to(dtype)


def vector_norm(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None,
                keepdims: bool = False, ord: int | float = 2) -> th.Tensor:
    """The ``ord``-norm over ``axis`` (None: all elements); a real result for complex x.

    >>> from th import array_api as xp
    >>> xp.linalg.vector_norm(xp.asarray([3.0, 4.0]))
    tensor(5.)
    """
    _floating(x, "vector_norm")
    axes = normalize_axes(axis, x.ndim, "linalg.vector_norm")
    if axis is not None and not axes:
        # axis=() reduces nothing: each element's norm (th's, as torch's, reduces all)
        magnitude = th.abs(x)
        return (magnitude != 0).to(magnitude.dtype) if ord == 0 else magnitude
    if x.ndim == 0:
        return _linalg.vector_norm(x, ord)
    if axis is None and keepdims:
        return _linalg.vector_norm(x, ord).reshape((1,) * x.ndim)
    return _linalg.vector_norm(x, ord, axes, keepdims)

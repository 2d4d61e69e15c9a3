"""torch's top-level linear algebra names from before torch.linalg, with
their own conventions, over th.linalg: det, logdet, slogdet, inverse,
pinverse (rcond), matrix_power, matrix_exp, cholesky (upper=), qr (some=),
svd (some=, compute_uv=; V, not Vh), lu, lu_solve (b first),
cholesky_solve and cholesky_inverse."""
import math
from collections import namedtuple
from typing import TYPE_CHECKING, Any

import th
from th._combine import _check
from th._errors import Error, UnsupportedDtype
from th.linalg import _tname

if TYPE_CHECKING:
    from th._tensor import Tensor

# torch.return_types' names and fields
_slogdet_result = namedtuple("slogdet", ["sign", "logabsdet"])
_qr_result = namedtuple("qr", ["Q", "R"])
_svd_result = namedtuple("svd", ["U", "S", "V"])
_lu_with_info = namedtuple("_lu_with_info", ["LU", "pivots", "info"])


def det(input: "Tensor") -> "Tensor":
    """The determinant of each square matrix of input (th.linalg.det).

    >>> th.det(th.tensor([[2.0, 1.0], [1.0, 3.0]]))
    tensor(5.)
    """
    return th.linalg.det(_check("det", input))


def logdet(input: "Tensor") -> "Tensor":
    """The log of the determinant of each square matrix of input: nan where a
    real determinant is negative, -inf where it is 0; the complex log of a
    complex one.

    >>> th.logdet(th.tensor([[2.0, 0.0], [0.0, 3.0]]))
    tensor(1.7918)
    """
    A = _check("logdet", input)
    if A.dim() < 2:
        raise Error("logdet: The input tensor A must have at least 2 dimensions.")
    if A.shape[-1] != A.shape[-2]:
        raise Error(f"logdet: A must be batches of square matrices, but they are "
                    f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if not (A.is_floating_point() or A.is_complex()) or A.dtype in (th.float16, th.bfloat16):
        raise Error(f"logdet: Expected a floating point or complex tensor as input. Got "
                    f"{_tname(A.dtype)}")
    sign, logabsdet = th.linalg.slogdet(A)
    if A.is_complex():
        return th.log(sign) + logabsdet
    return th.where(sign == -1, th.full((), math.nan, dtype=logabsdet.dtype), logabsdet)


def slogdet(input: "Tensor") -> Any:
    """(sign, logabsdet) of each square matrix's determinant, the named tuple
    torch.slogdet returns (th.linalg.slogdet).

    >>> th.slogdet(th.tensor([[0.0, 2.0], [1.0, 0.0]]))
    slogdet(sign=tensor(-1.), logabsdet=tensor(0.6931))
    """
    sign, logabsdet = th.linalg.slogdet(_check("slogdet", input))
    return _slogdet_result(sign, logabsdet)


def inverse(input: "Tensor") -> "Tensor":
    """The inverse of each square matrix of input (th.linalg.inv).

    >>> th.inverse(th.tensor([[2.0, 0.0], [0.0, 4.0]]))
    tensor([[0.5000, 0.0000],
            [0.0000, 0.2500]])
    """
    return th.linalg.inv(_check("inverse", input))


def pinverse(input: "Tensor", rcond: float = 1e-15) -> "Tensor":
    """The pseudo-inverse of each matrix of input, singular values below
    rcond times the largest taken as zero (th.linalg.pinv with rtol=rcond).

    >>> th.pinverse(th.tensor([[1.0, 0.0], [0.0, 0.0]]))
    tensor([[1., 0.],
            [0., 0.]])
    """
    return th.linalg.pinv(_check("pinverse", input), atol=0.0, rtol=rcond)


def matrix_power(input: "Tensor", n: int) -> "Tensor":
    """Each square matrix of input to the integer power n (negative: of its
    inverse; th.linalg.matrix_power).

    >>> th.matrix_power(th.tensor([[1, 1], [0, 1]]), 3)
    tensor([[1, 3],
            [0, 1]])
    """
    return th.linalg.matrix_power(_check("matrix_power", input), n)


def matrix_exp(input: "Tensor") -> "Tensor":
    """The matrix exponential of each square matrix of input
    (th.linalg.matrix_exp).

    >>> th.matrix_exp(th.zeros(2, 2))
    tensor([[1., 0.],
            [0., 1.]])
    """
    return th.linalg.matrix_exp(_check("matrix_exp", input))


def cholesky(input: "Tensor", upper: bool = False) -> "Tensor":
    """The Cholesky factor of each Hermitian positive-definite matrix of
    input: lower L (A = L L^H), or upper U (A = U^H U) when upper is true.

    >>> th.cholesky(th.tensor([[4.0, 2.0], [2.0, 2.0]]))
    tensor([[2., 0.],
            [1., 1.]])
    """
    return th.linalg.cholesky(_check("cholesky", input), upper=upper)


def cholesky_inverse(input: "Tensor", upper: bool = False) -> "Tensor":
    """The inverse of A from its Cholesky factor input (lower, or upper when
    upper is true; th.linalg.cholesky_inverse).

    >>> th.cholesky_inverse(th.tensor([[2.0, 0.0], [1.0, 1.0]]))
    tensor([[ 0.5000, -0.5000],
            [-0.5000,  1.0000]])
    """
    return th.linalg.cholesky_inverse(_check("cholesky_inverse", input), upper)


def cholesky_solve(B: "Tensor", L: "Tensor", upper: bool = False) -> "Tensor":
    """The solution X of A X = B for A given by its Cholesky factor L (lower,
    or upper when upper is true): two triangular solves. Batches broadcast.

    >>> th.cholesky_solve(th.tensor([[2.0], [1.0]]), th.tensor([[1.0, 0.0], [0.0, 1.0]]))
    tensor([[2.],
            [1.]])
    """
    linalg = th.linalg
    _check("cholesky_solve", B)
    _check("cholesky_solve", L, "input2")
    if B.dim() < 2 or L.dim() < 2:
        raise Error(f"b should have at least 2 dimensions, but has {B.dim()} dimensions instead"
                    if B.dim() < 2 else
                    f"u should have at least 2 dimensions, but has {L.dim()} dimensions instead")
    if B.dtype != L.dtype:
        raise Error(f"Expected b and A to have the same dtype, but found b of type "
                    f"{_tname(B.dtype)} and A of type {_tname(L.dtype)} instead.")
    if L.shape[-1] != L.shape[-2]:
        raise Error(f"A must be batches of square matrices, but they are {L.shape[-2]} by "
                    f"{L.shape[-1]} matrices")
    if L.shape[-1] != B.shape[-2]:
        raise Error(f"Incompatible matrix sizes for cholesky_solve: each A matrix is "
                    f"{L.shape[-2]} by {L.shape[-1]} but each b matrix is {B.shape[-2]} by "
                    f"{B.shape[-1]}")
    if not (B.is_floating_point() or B.is_complex()) or B.dtype in (th.float16, th.bfloat16):
        raise UnsupportedDtype(f"\"cholesky_solve_cpu\" not implemented for '{_tname(B.dtype)}'")
    if upper:  # A = U^H U: U^H Y = B, then U X = Y
        Y = linalg.solve_triangular(L.mH, B, upper=False)
        return linalg.solve_triangular(L, Y, upper=True)
    Y = linalg.solve_triangular(L, B, upper=False)  # A = L L^H: L Y = B, then L^H X = Y
    return linalg.solve_triangular(L.mH, Y, upper=True)


def qr(input: "Tensor", some: bool = True) -> Any:
    """(Q, R) with input = Q R, Q's columns orthonormal and R upper
    triangular: reduced when some is true, complete otherwise (the named
    tuple torch.qr returns; th.linalg.qr).

    >>> Q, R = th.qr(th.tensor([[3.0, 1.0], [4.0, 2.0]]))
    >>> R
    tensor([[-5.0000, -2.2000],
            [ 0.0000,  0.4000]])
    """
    Q, R = th.linalg.qr(_check("qr", input), "reduced" if some else "complete")
    return _qr_result(Q, R)


def svd(input: "Tensor", some: bool = True, compute_uv: bool = True) -> Any:
    """(U, S, V) with input = U diag(S) V^H (V, not th.linalg.svd's Vh):
    reduced when some is true, full otherwise; with compute_uv false, S and
    zero-filled U (m, m) and V (n, n), as torch.svd.

    >>> th.svd(th.tensor([[3.0, 0.0], [0.0, -2.0]])).S
    tensor([3., 2.])
    """
    A = _check("svd", input)
    if not compute_uv:
        S = th.linalg.svdvals(A)
        m, n = A.shape[-2:] if A.dim() >= 2 else (0, 0)
        batch = A.shape[:-2]
        return _svd_result(th.zeros(batch + (m, m), dtype=A.dtype), S,
                           th.zeros(batch + (n, n), dtype=A.dtype))
    U, S, Vh = th.linalg.svd(A, full_matrices=not some)
    return _svd_result(U, S, Vh.mH)


def lu(A: "Tensor", pivot: bool = True, get_infos: bool = False) -> Any:
    """(LU, pivots), with get_infos the named tuple (LU, pivots, info), of
    each matrix of A: th.linalg.lu_factor_ex's factors; a singular A is not
    refused (its info says so), as torch.lu.

    >>> LU, pivots = th.lu(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    >>> pivots
    tensor([2, 2], dtype=th.int32)
    """
    LU, pivots, info = th.linalg.lu_factor_ex(_check("lu", A, "A"), pivot=pivot)
    # (torch.lu does not raise for a singular A either: U's zero is in LU)
    return _lu_with_info(LU, pivots, info) if get_infos else (LU, pivots)


def lu_solve(b: "Tensor", LU_data: "Tensor", LU_pivots: "Tensor") -> "Tensor":
    """The solution X of A X = b from A's LU factorisation (LU_data,
    LU_pivots, as th.lu or th.linalg.lu_factor give): th.linalg.lu_solve
    with b first, as torch.lu_solve.

    >>> LU, pivots = th.linalg.lu_factor(th.tensor([[2.0, 0.0], [0.0, 4.0]]))
    >>> th.lu_solve(th.tensor([[2.0], [4.0]]), LU, pivots)
    tensor([[1.],
            [1.]])
    """
    _check("lu_solve", b)
    return th.linalg.lu_solve(LU_data, LU_pivots, b)

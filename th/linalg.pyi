# Types of th.linalg: torch.linalg's names over LAPACK.
from typing import NamedTuple, Optional, Sequence, Tuple, Union

from th._dtype import dtype
from th._errors import Error
from th._tensor import Tensor

_Ord = Union[int, float, str, None]
_Tol = Union[float, Tensor, None]
_Dims = Union[int, Sequence[int], None]

class LinAlgError(Error):
    """A matrix LAPACK could not work with: singular, not positive-definite,
    no convergence (torch's torch._C._LinAlgError, a RuntimeError).

    >>> try:
    ...     th.linalg.inv(th.zeros(2, 2))
    ... except th.linalg.LinAlgError as e:
    ...     print(isinstance(e, RuntimeError))
    ...
    True
    """

def _tname(dtype: dtype) -> str: ...  # torch's name of a dtype in messages (th.nn uses it)

class _SolveEx(NamedTuple):
    result: Tensor
    info: Tensor
class _InvEx(NamedTuple):
    inverse: Tensor
    info: Tensor
class _Slogdet(NamedTuple):
    sign: Tensor
    logabsdet: Tensor
class _CholeskyEx(NamedTuple):
    L: Tensor
    info: Tensor
class _LuFactor(NamedTuple):
    LU: Tensor
    pivots: Tensor
class _LuFactorEx(NamedTuple):
    LU: Tensor
    pivots: Tensor
    info: Tensor
class _LU(NamedTuple):
    P: Tensor
    L: Tensor
    U: Tensor
class _LuUnpack(NamedTuple):
    P: Tensor
    L: Tensor
    U: Tensor
class _LdlFactor(NamedTuple):
    LD: Tensor
    pivots: Tensor
class _LdlFactorEx(NamedTuple):
    LD: Tensor
    pivots: Tensor
    info: Tensor
class _QR(NamedTuple):
    Q: Tensor
    R: Tensor
class _Eigh(NamedTuple):
    eigenvalues: Tensor
    eigenvectors: Tensor
class _Eig(NamedTuple):
    eigenvalues: Tensor
    eigenvectors: Tensor
class _SVD(NamedTuple):
    U: Tensor
    S: Tensor
    Vh: Tensor
class _Lstsq(NamedTuple):
    solution: Tensor
    residuals: Tensor
    rank: Tensor
    singular_values: Tensor

def solve(A: Tensor, B: Tensor, *, left: bool = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The X of A X = B (left=True) or X A = B; B a (batch of) matrices or
    vectors (torch's rule). A singular A: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.solve(A, th.tensor([1.0, 2.0], dtype=th.float64))
    tensor([0.0909, 0.6364], dtype=th.float64)
    """
def solve_ex(A: Tensor, B: Tensor, *, left: bool = ..., check_errors: bool = ...,
             out: Optional[Tuple[Tensor, Tensor]] = ...) -> _SolveEx:
    """(result, info): the X of A X = B (left) or X A = B, and LAPACK's info
    (> 0: A is singular and result holds no meaning).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.solve_ex(A, th.tensor([1.0, 2.0], dtype=th.float64)).info
    tensor(0, dtype=th.int32)
    """
def inv(A: Tensor, *, out: Optional[Tensor] = ...) -> Tensor:
    """A's inverse; a singular A: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.inv(A)
    tensor([[ 0.2727, -0.0909],
            [-0.0909,  0.3636]], dtype=th.float64)
    """
def inv_ex(A: Tensor, *, check_errors: bool = ...,
           out: Optional[Tuple[Tensor, Tensor]] = ...) -> _InvEx:
    """(inverse, info): A's inverse and LAPACK's info (> 0: A is singular;
    inverse then holds no meaning, where torch's holds infinities).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.inv_ex(A).info
    tensor(0, dtype=th.int32)
    """
def det(A: Tensor, *, out: Optional[Tensor] = ...) -> Tensor:
    """>>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.det(A)
    tensor(11., dtype=th.float64)
    """
def slogdet(A: Tensor, *, out: Optional[Tuple[Tensor, Tensor]] = ...) -> _Slogdet:
    """(sign, logabsdet): det(A) = sign * exp(logabsdet); sign in A's dtype (a
    complex sign is the phase), logabsdet real. A singular A: (0, -inf).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.slogdet(A)
    linalg_slogdet(sign=tensor(1., dtype=th.float64), logabsdet=tensor(2.3979, dtype=th.float64))
    """
def cholesky(A: Tensor, *, upper: bool = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The Cholesky factor L of A = L L^H (upper: U of A = U^H U); an A that
    is not positive-definite: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> L = th.linalg.cholesky(A)
    >>> th.allclose(L @ L.mT, A)
    True
    """
def cholesky_ex(A: Tensor, *, upper: bool = ..., check_errors: bool = ...,
                out: Optional[Tuple[Tensor, Tensor]] = ...) -> _CholeskyEx:
    """(L, info): A = L L^H (upper: A = U^H U, U returned) of a Hermitian
    positive-definite A (only that triangle is read); info > 0: the leading
    minor of that order is not positive-definite.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.cholesky_ex(A).info
    tensor(0, dtype=th.int32)
    """
def cholesky_inverse(L: Tensor, upper: bool = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """A's inverse from its Cholesky factor (torch.cholesky_inverse).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.allclose(th.linalg.cholesky_inverse(th.linalg.cholesky(A)), th.linalg.inv(A))
    True
    """
def solve_triangular(A: Tensor, B: Tensor, *, upper: bool, left: bool = ...,
                     unitriangular: bool = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The X of A X = B (left) or X A = B for a triangular A (only its upper
    or lower triangle is read; unitriangular: its diagonal taken as ones). A
    zero on the diagonal gives infinities, not an error, as torch.

    >>> U = th.tensor([[2.0, 1.0], [0.0, 4.0]])
    >>> th.linalg.solve_triangular(U, th.tensor([[3.0], [4.0]]), upper=True)
    tensor([[1.],
            [1.]])
    """
def lu_factor(A: Tensor, *, pivot: bool = ...,
              out: Optional[Tuple[Tensor, Tensor]] = ...) -> _LuFactor:
    """(LU, pivots): A = P L U; a U with a zero on its diagonal: RuntimeError
    (as torch; lu_factor_ex returns it).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LU, pivots = th.linalg.lu_factor(A)
    >>> pivots
    tensor([1, 2], dtype=th.int32)
    """
def lu_factor_ex(A: Tensor, *, pivot: bool = ..., check_errors: bool = ...,
                 out: Optional[Tuple[Tensor, Tensor, Tensor]] = ...) -> _LuFactorEx:
    """(LU, pivots, info): A = P L U in LAPACK's compact form (L below the
    diagonal, U on and above it, 1-based int32 pivots); info > 0: U has a
    zero on the diagonal at that position.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.lu_factor_ex(A).info
    tensor(0, dtype=th.int32)
    """
def lu_solve(LU: Tensor, pivots: Tensor, B: Tensor, *, left: bool = ..., adjoint: bool = ...,
             out: Optional[Tensor] = ...) -> Tensor:
    """The X of A X = B (left; adjoint: A^H X = B) or X A = B (X A^H = B)
    from lu_factor's LU and pivots.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LU, pivots = th.linalg.lu_factor(A)
    >>> th.linalg.lu_solve(LU, pivots, th.tensor([[1.0], [2.0]], dtype=th.float64))
    tensor([[0.0909],
            [0.6364]], dtype=th.float64)
    """
def lu(A: Tensor, *, pivot: bool = ...,
       out: Optional[Tuple[Tensor, Tensor, Tensor]] = ...) -> _LU:
    """(P, L, U): A = P L U with partial pivoting (getrf), A m x n, k =
    min(m, n): P m x m (A's dtype), L m x k unit lower triangular, U k x n
    upper triangular. A singular A is no error (U has a zero diagonal).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> P, L, U = th.linalg.lu(A)
    >>> th.allclose(P @ L @ U, A)
    True
    """
def lu_unpack(LU_data: Tensor, LU_pivots: Tensor, unpack_data: bool = ...,
              unpack_pivots: bool = ..., *,
              out: Optional[Tuple[Tensor, Tensor, Tensor]] = ...) -> _LuUnpack:
    """(P, L, U) of A = P L U from lu_factor's LU (m x n) and pivots (int32,
    min(m, n) each, broadcast over LU's batch); unpack_data False: L and U
    empty, unpack_pivots False: P empty (torch.lu_unpack).
    """
def ldl_factor(A: Tensor, *, hermitian: bool = ...,
               out: Optional[Tuple[Tensor, Tensor]] = ...) -> _LdlFactor:
    """(LD, pivots) of ldl_factor_ex; a singular D: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LD, pivots = th.linalg.ldl_factor(A)
    >>> pivots
    tensor([1, 2], dtype=th.int32)
    """
def ldl_factor_ex(A: Tensor, *, hermitian: bool = ..., check_errors: bool = ...,
                  out: Optional[Tuple[Tensor, Tensor, Tensor]] = ...) -> _LdlFactorEx:
    """(LD, pivots, info): A = L D L^T (hermitian: L D L^H) of a symmetric
    (Hermitian) A, of which only the lower triangle is read, in LAPACK's
    compact form (?sytrf/?hetrf, Bunch-Kaufman pivoting): L below LD's
    diagonal, D's 1 x 1 and 2 x 2 blocks on and next to it; int32 pivots
    as LAPACK's; info > 0: D[info-1, info-1] is exactly zero.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.ldl_factor_ex(A).info
    tensor(0, dtype=th.int32)
    """
def ldl_solve(LD: Tensor, pivots: Tensor, B: Tensor, *, hermitian: bool = ...,
              out: Optional[Tensor] = ...) -> Tensor:
    """The X of A X = B from ldl_factor's LD and pivots (?sytrs/?hetrs; the
    hermitian of the factorization); LD's and B's batches broadcast.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LD, pivots = th.linalg.ldl_factor(A)
    >>> th.linalg.ldl_solve(LD, pivots, th.tensor([[1.0], [2.0]], dtype=th.float64))
    tensor([[0.0909],
            [0.6364]], dtype=th.float64)
    """
def tensorinv(A: Tensor, ind: int = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """The inverse of A seen as a linear map from its first ind dims to the
    rest: the result has shape A.shape[ind:] + A.shape[:ind] and
    tensordot(result, A, ind) is the identity (prod of both sides equal).

    >>> th.linalg.tensorinv(th.eye(4).view(4, 2, 2), ind=1).shape
    (2, 2, 4)
    """
def tensorsolve(A: Tensor, B: Tensor, dims: Optional[Union[int, Sequence[int]]] = ..., *,
                out: Optional[Tensor] = ...) -> Tensor:
    """The X of tensordot(A, X, X.ndim) = B: X has shape A.shape[B.ndim:]
    (after the dims of A named by dims are moved to the end).

    >>> th.linalg.tensorsolve(th.eye(4).view(2, 2, 4), th.ones(2, 2))
    tensor([1., 1., 1., 1.])
    """
def vecdot(x: Tensor, y: Tensor, *, dim: int = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The dot product of x and y (broadcast) along dim: sum(conj(x) * y),
    x conjugated when complex.

    >>> th.linalg.vecdot(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor(11.)
    """
def qr(A: Tensor, mode: str = ..., *, out: Optional[Tuple[Tensor, Tensor]] = ...) -> _QR:
    """(Q, R) of A = Q R: mode 'reduced' (Q m x k, R k x n, k = min(m, n)),
    'complete' (Q m x m, R m x n) or 'r' (R alone, Q empty).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> Q, R = th.linalg.qr(A)
    >>> th.allclose(Q @ R, A)
    True
    """
def householder_product(A: Tensor, tau: Tensor, *, out: Optional[Tensor] = ...) -> Tensor:
    """The first n columns of the product of the Householder reflectors
    stored in A's columns and scaled by tau (LAPACK's orgqr).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.householder_product(th.tensor([[1.0], [0.5]]), th.tensor([1.0]))
    tensor([[ 0.0000],
            [-0.5000]])
    """
def eigh(A: Tensor, UPLO: str = ..., *, out: Optional[Tuple[Tensor, Tensor]] = ...) -> _Eigh:
    """(eigenvalues, eigenvectors) of a Hermitian A (only its UPLO triangle
    read): real eigenvalues ascending, orthonormal eigenvectors in columns.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.eigh(A).eigenvalues
    tensor([2.3820, 4.6180], dtype=th.float64)
    """
def eigvalsh(A: Tensor, UPLO: str = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """The eigenvalues of a Hermitian A, real, ascending.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.eigvalsh(A)
    tensor([2.3820, 4.6180], dtype=th.float64)
    """
def eig(A: Tensor, *, out: Optional[Tuple[Tensor, Tensor]] = ...) -> _Eig:
    """(eigenvalues, eigenvectors) of a square A, complex (of A's
    precision); eigenvectors of norm 1 in columns.

    >>> th.linalg.eig(th.tensor([[2.0, 0.0], [0.0, 3.0]])).eigenvalues
    tensor([2.+0.j, 3.+0.j])
    """
def eigvals(A: Tensor, *, out: Optional[Tensor] = ...) -> Tensor:
    """The eigenvalues of a square A, complex.

    >>> th.linalg.eigvals(th.tensor([[0.0, -1.0], [1.0, 0.0]]))
    tensor([0.+1.j, 0.-1.j])
    """
def svd(A: Tensor, full_matrices: bool = ..., *, driver: Optional[str] = ...,
        out: Optional[Tuple[Tensor, Tensor, Tensor]] = ...) -> _SVD:
    """(U, S, Vh): A = U diag(S) Vh, S real and descending (gesdd);
    full_matrices: U m x m and Vh n x n, else m x k and k x n.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> U, S, Vh = th.linalg.svd(A)
    >>> th.allclose(U @ th.diag(S) @ Vh, A)
    True
    """
def svdvals(A: Tensor, *, driver: Optional[str] = ..., out: Optional[Tensor] = ...) -> Tensor:
    """A's singular values, real, descending.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.svdvals(A)
    tensor([4.6180, 2.3820], dtype=th.float64)
    """
def lstsq(A: Tensor, B: Tensor, rcond: Optional[float] = ..., *,
          driver: Optional[str] = ...) -> _Lstsq:
    """(solution, residuals, rank, singular_values) of min ||A X - B||
    (torch's CPU drivers gelsy, the default, gels, gelsd and gelss; rank
    int64 but for gels; singular_values for gelsd and gelss; residuals when
    m > n, the driver is not gelsy and every A is of full rank, else empty).

    >>> A = th.tensor([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    >>> th.linalg.lstsq(A, th.tensor([[1.0], [2.0], [3.0]])).solution.allclose(th.ones(2, 1))
    True
    """
def matrix_rank(A: Tensor, *, atol: _Tol = ..., rtol: _Tol = ..., hermitian: bool = ...,
                out: Optional[Tensor] = ...) -> Tensor:
    """The number of singular values (|eigenvalues|, hermitian) above
    max(atol, rtol * the largest), int64.

    >>> th.linalg.matrix_rank(th.tensor([[1.0, 2.0], [2.0, 4.0]]))
    tensor(1)
    """
def pinv(A: Tensor, *, atol: _Tol = ..., rtol: _Tol = ..., hermitian: bool = ...,
         out: Optional[Tensor] = ...) -> Tensor:
    """The pseudo-inverse of A through its SVD: singular values at or below
    max(atol, rtol * the largest) count as zero.

    >>> th.linalg.pinv(th.tensor([[1.0, 2.0]]))
    tensor([[0.2000],
            [0.4000]])
    """
def vector_norm(x: Tensor, ord: Union[int, float] = ..., dim: _Dims = ..., keepdim: bool = ...,
                *, dtype: Optional[dtype] = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The ord-norm of x's elements (dim None: all of them; an int or a
    tuple of dims): sum(|x|^ord)^(1/ord), inf: max |x|, -inf: min |x|,
    0: the count of nonzeros. Real result for complex x.

    >>> th.linalg.vector_norm(th.tensor([3.0, 4.0]))
    tensor(5.)
    >>> th.linalg.vector_norm(th.tensor([3.0, -4.0]), ord=float('inf'))
    tensor(4.)
    """
def matrix_norm(A: Tensor, ord: Union[int, float, str] = ..., dim: Tuple[int, int] = ...,
                keepdim: bool = ..., *, dtype: Optional[dtype] = ...,
                out: Optional[Tensor] = ...) -> Tensor:
    """A matrix norm over dims dim: 'fro', 'nuc', inf, -inf, 1, -1, 2, -2.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.matrix_norm(A)
    tensor(5.1962, dtype=th.float64)
    >>> th.linalg.matrix_norm(A, ord=1)
    tensor(5., dtype=th.float64)
    """
def norm(A: Tensor, ord: _Ord = ..., dim: _Dims = ..., keepdim: bool = ..., *,
         dtype: Optional[dtype] = ..., out: Optional[Tensor] = ...) -> Tensor:
    """vector_norm (dim an int, or A 1-dim) or matrix_norm (dim a pair, or A
    2-dim), as torch.linalg.norm picks; ord None: 2 or 'fro'.

    >>> th.linalg.norm(th.tensor([3.0, 4.0]))
    tensor(5.)
    """
def cond(A: Tensor, p: _Ord = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """The condition number of A in norm p (None, 2: the ratio of the
    extreme singular values; -2: its inverse; else norm(A) * norm(inv(A))).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.cond(A)
    tensor(1.9387, dtype=th.float64)
    """
def matrix_power(A: Tensor, n: int, *, out: Optional[Tensor] = ...) -> Tensor:
    """A^n by repeated squaring (n < 0: inv(A)^-n; n 0: the identity).

    >>> th.linalg.matrix_power(th.tensor([[1, 1], [0, 1]]), 3)
    tensor([[1, 3],
            [0, 1]])
    """
def multi_dot(tensors: Sequence[Tensor], *, out: Optional[Tensor] = ...) -> Tensor:
    """The product of the tensors, left to right (the first may be 1-dim, a
    row; the last, a column).

    >>> th.linalg.multi_dot([th.ones(2, 3), th.ones(3, 4), th.ones(4, 1)])
    tensor([[12.],
            [12.]])
    """
def cross(input: Tensor, other: Tensor, *, dim: int = ..., out: Optional[Tensor] = ...) -> Tensor:
    """The cross product of 3-vectors along dim (broadcasting): th.cross's,
    THTensor_cross, with torch.linalg's default dim.

    >>> th.linalg.cross(th.tensor([1.0, 0.0, 0.0]), th.tensor([0.0, 1.0, 0.0]))
    tensor([0., 0., 1.])
    """
def matrix_exp(A: Tensor) -> Tensor:
    """exp(A) by scaling and squaring with a Padé (13, 13) approximant
    (Higham 2005, as scipy's expm): A / 2^s has a 1-norm of at most 5.37,
    exp of it is solved from the approximant's numerator and denominator,
    then squared s times. One s serves the whole batch (the largest one
    needs).

    >>> th.linalg.matrix_exp(th.zeros(2, 2))
    tensor([[1., 0.],
            [0., 1.]])
    """

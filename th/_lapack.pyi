# Types of th._lapack (compiled): LAPACK's routines, batched (THTensorLapack.h).
from typing import Dict, Optional, Tuple

from th._tensor import Tensor

DRIVERS: Dict[str, int]

def getrf(a: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
    """(LU, pivots, info): A = P L U with partial pivoting."""
def getrs(lu: Tensor, pivots: Tensor, b: Tensor, adjoint: int = ...) -> Tensor:
    """X of op(A) X = B from getrf's factors (adjoint 0: A, 1: A^T, 2: A^H)."""
def gesv(a: Tensor, b: Tensor) -> Tuple[Tensor, Tensor]:
    """(X, info): X of A X = B (B a batch of matrices)."""
def getri(a: Tensor) -> Tuple[Tensor, Tensor]:
    """(inverse, info)."""
def lu_unpack(lu: Tensor, pivots: Optional[Tensor], data: bool = ..., perm: bool = ...
              ) -> Tuple[Optional[Tensor], Optional[Tensor], Optional[Tensor]]:
    """(P or None, L or None, U or None) of A = P L U from getrf's factors."""
def sytrf(a: Tensor, hermitian: bool = ...) -> Tuple[Tensor, Tensor, Tensor]:
    """(LD, pivots, info): A = L D L^T (hermitian: L D L^H), Bunch-Kaufman."""
def sytrs(ld: Tensor, pivots: Tensor, b: Tensor, hermitian: bool = ...) -> Tensor:
    """X of A X = B from sytrf's factors."""
def det(a: Tensor) -> Tensor: ...
def slogdet(a: Tensor) -> Tuple[Tensor, Tensor]:
    """(sign, logabsdet)."""
def potrf(a: Tensor, upper: bool = ...) -> Tuple[Tensor, Tensor]:
    """(the Cholesky factor, info)."""
def potrs(c: Tensor, b: Tensor, upper: bool = ...) -> Tensor:
    """X of A X = B from A's Cholesky factor c."""
def potri(c: Tensor, upper: bool = ...) -> Tuple[Tensor, Tensor]:
    """(A's inverse from its Cholesky factor c, info)."""
def pstrf(a: Tensor, upper: bool = ..., tol: float = ...) -> Tuple[Tensor, Tensor, Tensor]:
    """(the pivoted Cholesky factor, pivots, rank) of a positive-semidefinite A."""
def trtrs(a: Tensor, b: Tensor, upper: bool, trans: int = ..., unitriangular: bool = ...,
          left: bool = ...) -> Tensor:
    """X of op(A) X = B (left) or X op(A) = B for a triangular A."""
def geqrf(a: Tensor) -> Tuple[Tensor, Tensor]:
    """(QR in LAPACK's compact form, tau)."""
def orgqr(a: Tensor, tau: Tensor) -> Tensor:
    """The first n columns of the product of the Householder reflectors."""
def ormqr(a: Tensor, tau: Tensor, c: Tensor, left: bool = ..., transpose: bool = ...) -> Tensor:
    """op(Q) C (left) or C op(Q), Q the reflectors of (a, tau)."""
def qr(a: Tensor, complete: bool = ..., compute_q: bool = ...) -> Tuple[Optional[Tensor], Tensor]:
    """(Q or None, R)."""
def syev(a: Tensor, upper: bool = ..., vectors: bool = ...) -> Tuple[Tensor, Optional[Tensor], Tensor]:
    """(eigenvalues, eigenvectors or None, info) of a Hermitian A."""
def geev(a: Tensor, vectors: bool = ...) -> Tuple[Tensor, Optional[Tensor], Tensor]:
    """(eigenvalues, right eigenvectors or None, info), complex."""
def gesdd(a: Tensor, full: bool = ..., vectors: bool = ...
          ) -> Tuple[Optional[Tensor], Tensor, Optional[Tensor], Tensor]:
    """(U or None, S, Vh or None, info)."""
def gels(a: Tensor, b: Tensor, driver: str = ..., rcond: float = ...
         ) -> Tuple[Tensor, Tensor, Tensor, Tensor]:
    """(solution, residuals, rank, singular_values) of min ||A X - B||."""

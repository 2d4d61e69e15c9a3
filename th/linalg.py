"""th.linalg: torch.linalg's names, signatures, result dtypes and errors over
LAPACK (th/_lapack.pyx, include/TH/THTensorLapack.h).

Every function takes batches (the dims before the last two), float32,
float64, complex64 and complex128 (other dtypes are refused as torch refuses
them), in any layout. Results that torch returns as a named tuple are one
here too (``Q, R = th.linalg.qr(A)`` or ``th.linalg.qr(A).R``). A singular
or not positive-definite input raises LinAlgError (a th.Error, so a
RuntimeError, as torch's torch._C._LinAlgError) with torch's message; the
``_ex`` forms return LAPACK's info instead.

    >>> import th
    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]])
    >>> th.linalg.solve(A, th.tensor([1.0, 2.0])).tolist()
    [0.09090909361839294, 0.6363636255264282]
    >>> th.linalg.cholesky(A).shape
    (2, 2)
"""
import builtins
import math
from collections import namedtuple

import th
from th import _lapack
from th._broadcast import broadcast_shapes
from th._errors import ArgumentError, Error
from th._tensor import Tensor

__all__ = ["LinAlgError", "solve", "solve_ex", "inv", "inv_ex", "det", "slogdet", "cholesky",
           "cholesky_ex", "solve_triangular", "lu_factor", "lu_factor_ex", "lu_solve", "qr",
           "eigh", "eigvalsh", "svd", "svdvals", "lstsq", "pinv", "matrix_rank", "eig",
           "eigvals", "vector_norm", "matrix_norm", "norm", "cond", "matrix_power",
           "multi_dot", "cross", "householder_product", "cholesky_inverse", "matrix_exp", "lu",
           "ldl_factor", "ldl_factor_ex", "ldl_solve", "tensorinv", "tensorsolve", "vecdot"]


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


# torch.return_types' names and fields: tuples whose fields have names
_SolveEx = namedtuple("linalg_solve_ex", ["result", "info"])
_InvEx = namedtuple("linalg_inv_ex", ["inverse", "info"])
_Slogdet = namedtuple("linalg_slogdet", ["sign", "logabsdet"])
_CholeskyEx = namedtuple("linalg_cholesky_ex", ["L", "info"])
_LuFactor = namedtuple("linalg_lu_factor", ["LU", "pivots"])
_LuFactorEx = namedtuple("linalg_lu_factor_ex", ["LU", "pivots", "info"])
_LU = namedtuple("linalg_lu", ["P", "L", "U"])
_LuUnpack = namedtuple("lu_unpack", ["P", "L", "U"])
_LdlFactor = namedtuple("linalg_ldl_factor", ["LD", "pivots"])
_LdlFactorEx = namedtuple("linalg_ldl_factor_ex", ["LD", "pivots", "info"])
_QR = namedtuple("linalg_qr", ["Q", "R"])
_Eigh = namedtuple("linalg_eigh", ["eigenvalues", "eigenvectors"])
_Eig = namedtuple("linalg_eig", ["eigenvalues", "eigenvectors"])
_SVD = namedtuple("linalg_svd", ["U", "S", "Vh"])
_Lstsq = namedtuple("linalg_lstsq", ["solution", "residuals", "rank", "singular_values"])

# torch's names of dtypes in its messages
_TORCH_NAMES = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char",
                "uint8": "Byte", "bool": "Bool", "float16": "Half", "bfloat16": "BFloat16",
                "float32": "Float", "float64": "Double", "complex64": "ComplexFloat",
                "complex128": "ComplexDouble", "uint16": "UInt16", "uint32": "UInt32",
                "uint64": "UInt64"}
_LAPACK_DTYPES = (th.float32, th.float64, th.complex64, th.complex128)


def _tname(dtype):
    return _TORCH_NAMES.get(dtype.name, dtype.name)


def _real_dtype(dtype):
    return {th.complex64: th.float32, th.complex128: th.float64}.get(dtype, dtype)


def _tensor(fn, name, value):
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' must be Tensor, not {type(value).__name__}")
    return value


def _matrix(fn, A, name="A", square=False):
    """A checked as torch checks a batch of matrices."""
    _tensor(fn, name, A)
    if A.ndim < 2:
        raise Error(f"{fn}: The input tensor {name} must have at least 2 dimensions.")
    if A.dtype not in _LAPACK_DTYPES:
        if A.dtype in (th.float16, th.bfloat16):
            raise Error(f"{fn}: Low precision dtypes not supported. Got {_tname(A.dtype)}")
        raise Error(f"{fn}: Expected a floating point or complex tensor as input. "
                    f"Got {_tname(A.dtype)}")
    if square and A.shape[-1] != A.shape[-2]:
        raise Error(f"{fn}: {name} must be batches of square matrices, but they are "
                    f"{A.shape[-2]} by {A.shape[-1]} matrices")
    return A


def _same_dtype(fn, A, B):
    if A.dtype is not B.dtype:
        raise Error(f"{fn}: Expected A and B to have the same dtype, but found A of type "
                    f"{_tname(A.dtype)} and B of type {_tname(B.dtype)} instead")


def _raise_info(fn, info, message):
    """LinAlgError for the first matrix whose info is > 0 (message(info))."""
    if info.ndim == 0:
        value = info.item()
        if value > 0:
            raise LinAlgError(f"{fn}: {message(value)}")
        return
    flat = (info if info.ndim == 1 else info.reshape(-1)).tolist()
    if builtins.max(flat, default=0) > 0:
        i = next(i for i, v in enumerate(flat) if v > 0)
        raise LinAlgError(f"{fn}: (Batch element {i}): {message(flat[i])}")


def _singular(_):
    return "The solver failed because the input matrix is singular."


def _inv_singular(i):
    return (f"The diagonal element {i} is zero, the inversion could not be completed because "
            f"the input matrix is singular.")


def _not_pd(i):
    return (f"The factorization could not be completed because the input is not "
            f"positive-definite (the leading minor of order {i} is not positive-definite).")


def _no_convergence(i):
    return (f"The algorithm failed to converge because the input matrix is ill-conditioned "
            f"or has too many repeated singular values (error code: {i}).")


def _no_eig_convergence(i):
    return (f"The algorithm failed to converge because the input matrix is ill-conditioned "
            f"or has too many repeated eigenvalues (error code: {i}).")


def _out(fn, out, result):
    """result copied into out (resized), as torch's out=; returns out."""
    if out is None:
        return result
    _tensor(fn, "out", out)
    if out.dtype is not result.dtype:
        raise Error(f"{fn}: Expected out tensor to have dtype {_tname(result.dtype)}, but got "
                    f"{_tname(out.dtype)} instead")
    if out.shape != result.shape:
        out.resize_(result.shape)
    return out.copy_(result)


def _conj(t):
    """The complex conjugate (t itself for a real dtype)."""
    return th.conj_physical(t) if t.dtype.is_complex else t


def _mH(t):
    return _conj(t.mT)


def _broadcast_batches(A, B):
    """A and B expanded to their broadcast batch dims (the last two are
    each one's matrix)."""
    if A.shape[:-2] == B.shape[:-2]:
        return A, B
    batch = broadcast_shapes(A.shape[:-2], B.shape[:-2])
    if A.shape[:-2] != batch:
        A = A.expand(batch + A.shape[-2:])
    if B.shape[:-2] != batch:
        B = B.expand(batch + B.shape[-2:])
    return A, B


def _is_vector_rhs(A, B):
    """torch's rule: B is a (batch of) vector(s) when it is 1-dim, or has one
    dim less than A and A's shape but the last."""
    return B.ndim == 1 or (B.ndim == A.ndim - 1 and B.shape == A.shape[:-1])


# ------------------------------------------------------------------- solve
def _solve(fn, A, B, left, check_errors, out=None):
    _matrix(fn, A, "A", square=True)
    _tensor(fn, "B", B)
    _same_dtype(fn, A, B)
    vector = _is_vector_rhs(A, B)
    if vector:
        B = B.unsqueeze(-1)
    elif B.ndim < 2:
        raise Error(f"{fn}: The input tensor B must have at least 1 dimensions.")
    if not left:
        if vector:
            raise Error(f"{fn}: Vector broadcasting of the left hand side is not supported for "
                        f"left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)")
        A, B = A.mT, B.mT
    n = A.shape[-1]
    if B.shape[-2] != n:
        raise Error(f"{fn}: Incompatible shapes of A and B for the equation AX = B "
                    f"({A.shape[-2]}x{A.shape[-1]} and {B.shape[-2]}x{B.shape[-1]})")
    A, B = _broadcast_batches(A, B)
    X, info = _lapack.gesv(A, B)
    if not left and bool(info.any()):
        # X A = B solves A^T X^T = B^T, whose LU is A^T's; a singular A's info names
        # the first zero pivot of A's own LU, as torch's does
        info = _lu_factor(fn, A.mT, True)[2]
    if check_errors:
        _raise_info("torch.linalg.solve_ex" if check_errors == "ex" else "torch.linalg.solve",
                    info, _singular)
    if not left:
        X = X.mT
    if vector:
        X = X.squeeze(-1)
    if out is not None:
        if isinstance(out, (tuple, list)):
            return _SolveEx(_out(fn, out[0], X), _out(fn, out[1], info))
        X = _out(fn, out, X)
    return _SolveEx(X, info)


def solve(A, B, *, left=True, out=None):
    """The X of A X = B (left=True) or X A = B; B a (batch of) matrices or
    vectors (torch's rule). A singular A: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.solve(A, th.tensor([1.0, 2.0], dtype=th.float64))
    tensor([0.0909, 0.6364], dtype=th.float64)
    """
    return _solve("linalg.solve", A, B, left, True, out).result


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    """(result, info): the X of A X = B (left) or X A = B, and LAPACK's info
    (> 0: A is singular and result holds no meaning).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.solve_ex(A, th.tensor([1.0, 2.0], dtype=th.float64)).info
    tensor(0, dtype=th.int32)
    """
    return _solve("linalg.solve_ex", A, B, left, "ex" if check_errors else False, out)


# --------------------------------------------------------------------- inv
def inv_ex(A, *, check_errors=False, out=None):
    """(inverse, info): A's inverse and LAPACK's info (> 0: A is singular;
    inverse then holds no meaning, where torch's holds infinities).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.inv_ex(A).info
    tensor(0, dtype=th.int32)
    """
    fn = "linalg.inv_ex"
    _matrix(fn, A, square=True)
    inverse, info = _lapack.getri(A)
    if check_errors:
        _raise_info("linalg.inv_ex", info, _inv_singular)
    if out is not None:
        return _InvEx(_out(fn, out[0], inverse), _out(fn, out[1], info))
    return _InvEx(inverse, info)


def inv(A, *, out=None):
    """A's inverse; a singular A: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.inv(A)
    tensor([[ 0.2727, -0.0909],
            [-0.0909,  0.3636]], dtype=th.float64)
    """
    fn = "linalg.inv"
    _matrix(fn, A, square=True)
    inverse, info = _lapack.getri(A)
    _raise_info(fn, info, _inv_singular)
    return _out(fn, out, inverse)


# ------------------------------------------------------------ determinants
def det(A, *, out=None):
    """det(A) (0 for a singular A), in A's dtype.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.det(A)
    tensor(11., dtype=th.float64)
    """
    fn = "linalg.det"
    _matrix(fn, A, square=True)
    return _out(fn, out, _lapack.det(A))


def slogdet(A, *, out=None):
    """(sign, logabsdet): det(A) = sign * exp(logabsdet); sign in A's dtype (a
    complex sign is the phase), logabsdet real. A singular A: (0, -inf).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.slogdet(A)
    linalg_slogdet(sign=tensor(1., dtype=th.float64), logabsdet=tensor(2.3979, dtype=th.float64))
    """
    fn = "linalg.slogdet"
    _matrix(fn, A, square=True)
    sign, logabsdet = _lapack.slogdet(A)
    if out is not None:
        return _Slogdet(_out(fn, out[0], sign), _out(fn, out[1], logabsdet))
    return _Slogdet(sign, logabsdet)


# ---------------------------------------------------------------- cholesky
def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    """(L, info): A = L L^H (upper: A = U^H U, U returned) of a Hermitian
    positive-definite A (only that triangle is read); info > 0: the leading
    minor of that order is not positive-definite.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.cholesky_ex(A).info
    tensor(0, dtype=th.int32)
    """
    fn = "linalg.cholesky_ex"
    _matrix(fn, A, square=True)
    L, info = _lapack.potrf(A, bool(upper))
    if check_errors:
        _raise_info("linalg.cholesky_ex", info, _not_pd)
    if out is not None:
        return _CholeskyEx(_out(fn, out[0], L), _out(fn, out[1], info))
    return _CholeskyEx(L, info)


def cholesky(A, *, upper=False, out=None):
    """The Cholesky factor L of A = L L^H (upper: U of A = U^H U); an A that
    is not positive-definite: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> L = th.linalg.cholesky(A)
    >>> th.allclose(L @ L.mT, A)
    True
    """
    fn = "linalg.cholesky"
    _matrix(fn, A, square=True)
    L, info = _lapack.potrf(A, bool(upper))
    _raise_info(fn, info, _not_pd)
    return _out(fn, out, L)


def cholesky_inverse(L, upper=False, *, out=None):
    """A's inverse from its Cholesky factor (torch.cholesky_inverse).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.allclose(th.linalg.cholesky_inverse(th.linalg.cholesky(A)), th.linalg.inv(A))
    True
    """
    fn = "cholesky_inverse"
    _matrix(fn, L, "input", square=True)
    inverse, info = _lapack.potri(L, bool(upper))
    _raise_info(fn, info, _inv_singular)
    return _out(fn, out, inverse)


# -------------------------------------------------------------- triangular
def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    """The X of A X = B (left) or X A = B for a triangular A (only its upper
    or lower triangle is read; unitriangular: its diagonal taken as ones). A
    zero on the diagonal gives infinities, not an error, as torch.

    >>> U = th.tensor([[2.0, 1.0], [0.0, 4.0]])
    >>> th.linalg.solve_triangular(U, th.tensor([[3.0], [4.0]]), upper=True)
    tensor([[1.],
            [1.]])
    """
    fn = "linalg.solve_triangular"
    _matrix(fn, A, "A", square=True)
    _tensor(fn, "B", B)
    if B.ndim < 2:
        raise Error(f"{fn}: The input tensor B must have at least 2 dimensions.")
    _same_dtype(fn, A, B)
    n = A.shape[-1]
    if (B.shape[-2] if left else B.shape[-1]) != n:
        raise Error(f"{fn}: Incompatible shapes of A and B for the equation "
                    f"{'AX = B' if left else 'XA = B'} ({n}x{n} and "
                    f"{B.shape[-2]}x{B.shape[-1]})")
    A, B = _broadcast_batches(A, B)
    X = _lapack.trtrs(A, B, bool(upper), 0, bool(unitriangular), bool(left))
    return _out(fn, out, X)


# ---------------------------------------------------------------------- LU
def _lu_factor(fn, A, pivot):
    _matrix(fn, A)
    if not pivot:
        raise Error(f"{fn}: LU without pivoting is not implemented on the CPU")
    return _lapack.getrf(A)


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None):
    """(LU, pivots, info): A = P L U in LAPACK's compact form (L below the
    diagonal, U on and above it, 1-based int32 pivots); info > 0: U has a
    zero on the diagonal at that position.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.lu_factor_ex(A).info
    tensor(0, dtype=th.int32)
    """
    fn = "linalg.lu_factor_ex"
    LU, pivots, info = _lu_factor(fn, A, pivot)
    if check_errors:
        _raise_info(fn, info, lambda i: f"U[{i},{i}] is zero and using it on lu_solve would "
                    f"result in a division by zero.")
    if out is not None:
        return _LuFactorEx(*(_out(fn, o, r) for o, r in zip(out, (LU, pivots, info))))
    return _LuFactorEx(LU, pivots, info)


def lu_factor(A, *, pivot=True, out=None):
    """(LU, pivots): A = P L U; a U with a zero on its diagonal: RuntimeError
    (as torch; lu_factor_ex returns it).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LU, pivots = th.linalg.lu_factor(A)
    >>> pivots
    tensor([1, 2], dtype=th.int32)
    """
    fn = "linalg.lu_factor"
    LU, pivots, info = _lu_factor(fn, A, pivot)
    values = info.reshape(-1).tolist()
    for i, v in enumerate(values):
        if v > 0:
            where = f"(Batch element {i}): " if info.ndim else ""
            raise Error(f"torch.linalg.lu_factor: {where}U[{v},{v}] is zero and using it on "
                        f"lu_solve would result in a division by zero. If you still want to "
                        f"perform the factorization, consider calling linalg.lu(A, pivot) or "
                        f"linalg.lu_factor_ex(A, pivot)")
    if out is not None:
        return _LuFactor(_out(fn, out[0], LU), _out(fn, out[1], pivots))
    return _LuFactor(LU, pivots)


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    """The X of A X = B (left; adjoint: A^H X = B) or X A = B (X A^H = B)
    from lu_factor's LU and pivots.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LU, pivots = th.linalg.lu_factor(A)
    >>> th.linalg.lu_solve(LU, pivots, th.tensor([[1.0], [2.0]], dtype=th.float64))
    tensor([[0.0909],
            [0.6364]], dtype=th.float64)
    """
    fn = "linalg.lu_solve"
    _matrix(fn, LU, "LU", square=True)
    _tensor(fn, "pivots", pivots)
    _tensor(fn, "B", B)
    if B.ndim < 2:
        raise Error(f"{fn}: The input tensor B must have at least 2 dimensions.")
    _same_dtype(fn, LU, B)
    if pivots.dtype is not th.int32:
        raise Error(f"{fn}: pivots should be a Tensor of scalar type Int")
    if pivots.shape != LU.shape[:-1]:
        raise Error(f"{fn}: Number of pivots per batch should be same as the dimension of "
                    f"the matrix")
    n = LU.shape[-1]
    if (B.shape[-2] if left else B.shape[-1]) != n:
        raise Error(f"{fn}: Incompatible shapes of A and B for the equation "
                    f"{'AX = B' if left else 'XA = B'} ({n}x{n} and "
                    f"{B.shape[-2]}x{B.shape[-1]})")
    complex_ = LU.dtype.is_complex
    if left:
        rhs, trans = B, 2 if adjoint else 0
    elif not adjoint:  # X A = B  <=>  A^T X^T = B^T
        rhs, trans = B.mT, 1
    else:  # X A^H = B  <=>  A conj(X)^T = conj(B)^T
        rhs, trans = _conj(B.mT) if complex_ else B.mT, 0
    batch = broadcast_shapes(LU.shape[:-2], rhs.shape[:-2])
    LU2 = LU.expand(batch + LU.shape[-2:]) if LU.shape[:-2] != batch else LU
    piv = pivots.expand(batch + pivots.shape[-1:]) if pivots.shape[:-1] != batch else pivots
    rhs = rhs.expand(batch + rhs.shape[-2:]) if rhs.shape[:-2] != batch else rhs
    X = _lapack.getrs(LU2, piv, rhs, trans)
    if not left:
        X = _conj(X.mT) if adjoint and complex_ else X.mT
    return _out(fn, out, X)


def _outs(fn, out, results):
    """results copied into the tensors of the tuple out (out None: results)."""
    if out is None:
        return results
    return type(results)(*(_out(fn, o, r) for o, r in zip(out, results)))


def lu(A, *, pivot=True, out=None):
    """(P, L, U): A = P L U with partial pivoting (getrf), A m x n, k =
    min(m, n): P m x m (A's dtype), L m x k unit lower triangular, U k x n
    upper triangular. A singular A is no error (U has a zero diagonal).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> P, L, U = th.linalg.lu(A)
    >>> th.allclose(P @ L @ U, A)
    True
    """
    fn = "linalg.lu"
    _tensor(fn, "A", A)
    if A.ndim < 2:
        raise Error(f"{fn}: Expected tensor with 2 or more dimensions. Got size: "
                    f"{list(A.shape)} instead")
    if A.dtype not in _LAPACK_DTYPES:
        raise NotImplementedError(f'"lu_cpu" not implemented for \'{_tname(A.dtype)}\'')
    LU, pivots, _ = _lu_factor("linalg.lu_factor", A, pivot)
    return _outs(fn, out, _LU(*_lapack.lu_unpack(LU, pivots)))


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True, *, out=None):
    """(P, L, U) of A = P L U from lu_factor's LU (m x n) and pivots (int32,
    min(m, n) each, broadcast over LU's batch); unpack_data False: L and U
    empty, unpack_pivots False: P empty (torch.lu_unpack)."""
    fn = "torch.lu_unpack"
    _tensor(fn, "LU_data", LU_data)
    _tensor(fn, "LU_pivots", LU_pivots)
    if LU_data.ndim < 2:
        raise Error(f"{fn}: Expected tensor with 2 or more dimensions. Got size: "
                    f"{list(LU_data.shape)} instead")
    _matrix(fn, LU_data, "LU_data")
    if LU_pivots.dtype is not th.int32:
        raise Error(f"{fn}: LU_pivots is expected to be a contiguous tensor of torch.int32 "
                    f"dtype.\nNote: this function is intended to be used with the output "
                    f"produced by torch.linalg.lu_factor")
    m, n = LU_data.shape[-2:]
    k = builtins.min(m, n)
    pivots = None
    if unpack_pivots:
        if LU_pivots.ndim < 1 or LU_pivots.shape[-1] != k:
            raise Error(f"{fn}: Expected LU_pivots.size(-1) to be min(m, n) = {k}, but got "
                        f"shape {list(LU_pivots.shape)}")
        batch = LU_data.shape[:-2]
        try:
            pivots = LU_pivots.expand(batch + (k,)) if LU_pivots.shape[:-1] != batch \
                else LU_pivots
        except RuntimeError:
            raise Error(f"{fn}: Expected the batch shape of LU_pivots, "
                        f"{list(LU_pivots.shape[:-1])}, to broadcast to LU_data's, "
                        f"{list(batch)}") from None
    try:
        P, L, U = _lapack.lu_unpack(LU_data, pivots, bool(unpack_data), bool(unpack_pivots))
    except ValueError:
        raise Error("pivots passed to lu_unpack must be between 1 and LU.size(-2) inclusive."
                    "Did you properly pass the result of lu_factor?") from None
    empty = th.empty(0, dtype=LU_data.dtype)
    result = _LuUnpack(empty if P is None else P, empty if L is None else L,
                       empty if U is None else U)
    return _outs(fn, out, result)


# ---------------------------------------------------------------------- LDL
def _ldl_factor(A, hermitian):
    fn = "torch.linalg.ldl_factor_ex"
    _tensor(fn, "A", A)
    if A.dtype in (th.float16, th.bfloat16):
        raise NotImplementedError(f'"ldl_factor_kernel_cpu" not implemented for '
                                  f'\'{_tname(A.dtype)}\'')
    _matrix(fn, A, square=True)
    return _lapack.sytrf(A, bool(hermitian))


def _ldl_singular(i):
    return (f"The factorization could not be completed because the input is singular "
            f"(D[{i},{i}] is exactly zero).")


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    """(LD, pivots, info): A = L D L^T (hermitian: L D L^H) of a symmetric
    (Hermitian) A, of which only the lower triangle is read, in LAPACK's
    compact form (?sytrf/?hetrf, Bunch-Kaufman pivoting): L below LD's
    diagonal, D's 1 x 1 and 2 x 2 blocks on and next to it; int32 pivots
    as LAPACK's; info > 0: D[info-1, info-1] is exactly zero.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.ldl_factor_ex(A).info
    tensor(0, dtype=th.int32)
    """
    LD, pivots, info = _ldl_factor(A, hermitian)
    if check_errors:
        _raise_info("torch.linalg.ldl_factor_ex", info, _ldl_singular)
    return _outs("torch.linalg.ldl_factor_ex", out, _LdlFactorEx(LD, pivots, info))


def ldl_factor(A, *, hermitian=False, out=None):
    """(LD, pivots) of ldl_factor_ex; a singular D: LinAlgError.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LD, pivots = th.linalg.ldl_factor(A)
    >>> pivots
    tensor([1, 2], dtype=th.int32)
    """
    LD, pivots, info = _ldl_factor(A, hermitian)
    _raise_info("torch.linalg.ldl_factor", info, _ldl_singular)
    return _outs("torch.linalg.ldl_factor", out, _LdlFactor(LD, pivots))


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    """The X of A X = B from ldl_factor's LD and pivots (?sytrs/?hetrs; the
    hermitian of the factorization); LD's and B's batches broadcast.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> LD, pivots = th.linalg.ldl_factor(A)
    >>> th.linalg.ldl_solve(LD, pivots, th.tensor([[1.0], [2.0]], dtype=th.float64))
    tensor([[0.0909],
            [0.6364]], dtype=th.float64)
    """
    fn = "torch.linalg.ldl_solve"
    _tensor(fn, "LD", LD)
    _tensor(fn, "pivots", pivots)
    _tensor(fn, "B", B)
    _matrix(fn, LD, "A", square=True)
    if B.ndim < 2:
        dims = builtins.max(B.ndim, 1)
        raise IndexError(f"Dimension out of range (expected to be in range of "
                         f"[{-dims}, {dims - 1}], but got -2)")
    if pivots.shape != LD.shape[:-1]:
        raise Error(f"{fn}: Expected LD.shape[:-1] and pivots.shape to be the same, but got "
                    f"pivots with shape {list(pivots.shape)} instead")
    if pivots.dtype.is_floating_point or pivots.dtype.is_complex or pivots.dtype is th.bool:
        raise Error(f"{fn}: Expected pivots to be integers. Got {_tname(pivots.dtype)}")
    if B.dtype is not LD.dtype:
        raise Error(f"Expected b and A to have the same dtype, but found b of type "
                    f"{_tname(B.dtype)} and A of type {_tname(LD.dtype)} instead.")
    n = LD.shape[-1]
    if B.shape[-2] != n:
        raise Error(f"Incompatible matrix sizes for {fn}: each A matrix is {n} by {n} but each "
                    f"b matrix is {B.shape[-2]} by {B.shape[-1]}")
    if pivots.dtype is not th.int32:
        pivots = pivots.to(th.int32)
    LD2, B = _broadcast_batches(LD, B)
    if LD2.shape[:-2] != LD.shape[:-2]:
        pivots = pivots.expand(LD2.shape[:-1])
    return _out(fn, out, _lapack.sytrs(LD2, pivots, B, bool(hermitian)))


# ---------------------------------------------------------------------- QR
def qr(A, mode="reduced", *, out=None):
    """(Q, R) of A = Q R: mode 'reduced' (Q m x k, R k x n, k = min(m, n)),
    'complete' (Q m x m, R m x n) or 'r' (R alone, Q empty).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> Q, R = th.linalg.qr(A)
    >>> th.allclose(Q @ R, A)
    True
    """
    fn = "linalg.qr"
    _matrix(fn, A)
    if mode not in ("reduced", "complete", "r"):
        raise Error(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' "
                    f"(default), 'r', or 'complete'")
    Q, R = _lapack.qr(A, mode == "complete", mode != "r")
    if Q is None:
        Q = th.empty(0, dtype=A.dtype)
    if out is not None:
        return _QR(_out(fn, out[0], Q), _out(fn, out[1], R))
    return _QR(Q, R)


def householder_product(A, tau, *, out=None):
    """The first n columns of the product of the Householder reflectors
    stored in A's columns and scaled by tau (LAPACK's orgqr).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.householder_product(th.tensor([[1.0], [0.5]]), th.tensor([1.0]))
    tensor([[ 0.0000],
            [-0.5000]])
    """
    fn = "torch.linalg.householder_product"
    _matrix(fn, A, "input")
    _tensor(fn, "tau", tau)
    if A.shape[-2] < A.shape[-1]:
        raise Error(f"{fn}: input.shape[-2] must be greater than or equal to input.shape[-1]")
    if tau.ndim != A.ndim - 1:
        raise Error(f"{fn}: input.dim() - tau.dim() must be equal to 1 but got "
                    f"{A.ndim - tau.ndim}")
    if tau.shape[-1] > A.shape[-1]:
        raise Error(f"{fn}: input.shape[-1] must be greater than or equal to tau.shape[-1]")
    if tau.dtype is not A.dtype:
        raise Error(f"{fn}: tau dtype {_tname(tau.dtype)} does not match input dtype "
                    f"{_tname(A.dtype)}")
    if tau.shape[:-1] != A.shape[:-2]:
        raise Error(f"{fn}: Expected batch dimensions of tau to be equal to "
                    f"input.shape[:-2], but got {list(tau.shape[:-1])}")
    return _out(fn, out, _lapack.orgqr(A, tau))


# ------------------------------------------------------------ eigen, SVD
def _uplo(fn, UPLO):
    if not isinstance(UPLO, str) or UPLO.upper() not in ("L", "U") or len(UPLO) != 1:
        raise Error(f"{fn}: Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO.upper() == "U"


def eigh(A, UPLO="L", *, out=None):
    """(eigenvalues, eigenvectors) of a Hermitian A (only its UPLO triangle
    read): real eigenvalues ascending, orthonormal eigenvectors in columns.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.eigh(A).eigenvalues
    tensor([2.3820, 4.6180], dtype=th.float64)
    """
    fn = "linalg.eigh"
    _matrix(fn, A, square=True)
    w, v, info = _lapack.syev(A, _uplo(fn, UPLO), True)
    _raise_info(fn, info, _no_eig_convergence)
    if out is not None:
        return _Eigh(_out(fn, out[0], w), _out(fn, out[1], v))
    return _Eigh(w, v)


def eigvalsh(A, UPLO="L", *, out=None):
    """The eigenvalues of a Hermitian A, real, ascending.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.eigvalsh(A)
    tensor([2.3820, 4.6180], dtype=th.float64)
    """
    fn = "linalg.eigvalsh"
    _matrix(fn, A, square=True)
    w, _, info = _lapack.syev(A, _uplo(fn, UPLO), False)
    _raise_info(fn, info, _no_eig_convergence)
    return _out(fn, out, w)


def eig(A, *, out=None):
    """(eigenvalues, eigenvectors) of a square A, complex (of A's
    precision); eigenvectors of norm 1 in columns.

    >>> th.linalg.eig(th.tensor([[2.0, 0.0], [0.0, 3.0]])).eigenvalues
    tensor([2.+0.j, 3.+0.j])
    """
    fn = "linalg.eig"
    _matrix(fn, A, square=True)
    w, v, info = _lapack.geev(A, True)
    _raise_info(fn, info, _no_eig_convergence)
    if out is not None:
        return _Eig(_out(fn, out[0], w), _out(fn, out[1], v))
    return _Eig(w, v)


def eigvals(A, *, out=None):
    """The eigenvalues of a square A, complex.

    >>> th.linalg.eigvals(th.tensor([[0.0, -1.0], [1.0, 0.0]]))
    tensor([0.+1.j, 0.-1.j])
    """
    fn = "linalg.eigvals"
    _matrix(fn, A, square=True)
    w, _, info = _lapack.geev(A, False)
    _raise_info(fn, info, _no_eig_convergence)
    return _out(fn, out, w)


def _driver(fn, driver):
    if driver is not None:
        raise Error(f"{fn}: keyword argument `driver=` is only supported on CUDA inputs with "
                    f"cuSOLVER backend.")


def svd(A, full_matrices=True, *, driver=None, out=None):
    """(U, S, Vh): A = U diag(S) Vh, S real and descending (gesdd);
    full_matrices: U m x m and Vh n x n, else m x k and k x n.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> U, S, Vh = th.linalg.svd(A)
    >>> th.allclose(U @ th.diag(S) @ Vh, A)
    True
    """
    fn = "linalg.svd"
    _matrix(fn, A)
    _driver(fn, driver)
    U, S, Vh, info = _lapack.gesdd(A, bool(full_matrices), True)
    _raise_info(fn, info, _no_convergence)
    if out is not None:
        return _SVD(*(_out(fn, o, r) for o, r in zip(out, (U, S, Vh))))
    return _SVD(U, S, Vh)


def svdvals(A, *, driver=None, out=None):
    """A's singular values, real, descending.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.svdvals(A)
    tensor([4.6180, 2.3820], dtype=th.float64)
    """
    fn = "linalg.svdvals"
    _matrix(fn, A)
    _driver(fn, driver)
    _, S, _, info = _lapack.gesdd(A, False, False)
    _raise_info(fn, info, _no_convergence)
    return _out(fn, out, S)


# ----------------------------------------------------------- least squares
def lstsq(A, B, rcond=None, *, driver=None):
    """(solution, residuals, rank, singular_values) of min ||A X - B||
    (torch's CPU drivers gelsy, the default, gels, gelsd and gelss; rank
    int64 but for gels; singular_values for gelsd and gelss; residuals when
    m > n, the driver is not gelsy and every A is of full rank, else empty).

    >>> A = th.tensor([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    >>> th.linalg.lstsq(A, th.tensor([[1.0], [2.0], [3.0]])).solution.allclose(th.ones(2, 1))
    True
    """
    fn = "torch.linalg.lstsq"
    _matrix(fn, A, "input")
    _tensor(fn, "other", B)
    if A.dtype is not B.dtype:
        raise Error(f"{fn}: Expected input and other to have the same dtype, but got "
                    f"input's dtype {_tname(A.dtype)} and other's dtype {_tname(B.dtype)}")
    if driver is None:
        driver = "gelsy"
    if driver not in _lapack.DRIVERS:
        raise Error(f"{fn}: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
    vector = B.ndim == A.ndim - 1
    if vector:
        B = B.unsqueeze(-1)
    if B.ndim < 2:
        raise Error(f"{fn}: input must have at least 2 dimensions.")
    if A.shape[-2] != B.shape[-2]:
        raise Error(f"{fn}: input.size(-2) should match other.size(-2)")
    A, B = _broadcast_batches(A, B)
    X, residuals, rank, sv = _lapack.gels(A, B, driver, -1.0 if rcond is None else float(rcond))
    if vector:
        X = X.squeeze(-1)
    return _Lstsq(X, residuals, rank, sv)


def _tolerances(fn, S, atol, rtol, shape):
    """The cutoff max(atol, rtol * largest S) per matrix (torch's rule: rtol
    defaults to eps * max(m, n) when atol is None or 0, else to 0)."""
    eps = {th.float32: 1.1920928955078125e-07, th.float64: 2.220446049250313e-16}[S.dtype]
    smax = S.amax(-1, keepdim=True) if S.shape[-1] else th.zeros(S.shape[:-1] + (1,),
                                                                   dtype=S.dtype)
    if rtol is None:
        rtol = eps * builtins.max(shape[-2], shape[-1]) if (atol is None or (
            not isinstance(atol, Tensor) and atol == 0)) else 0.0
    if atol is None:
        atol = 0.0
    cut = smax * rtol
    if isinstance(atol, Tensor) or atol:
        cut = th.maximum(cut, atol if isinstance(atol, Tensor) else th.full(cut.shape, atol,
                                                                           dtype=S.dtype))
    return cut


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None):
    """The number of singular values (|eigenvalues|, hermitian) above
    max(atol, rtol * the largest), int64.

    >>> th.linalg.matrix_rank(th.tensor([[1.0, 2.0], [2.0, 4.0]]))
    tensor(1)
    """
    fn = "linalg.matrix_rank"
    _matrix(fn, A)
    S = eigvalsh(A).abs() if hermitian else svdvals(A)
    cut = _tolerances(fn, S, atol, rtol, A.shape)
    return _out(fn, out, (S > cut).sum(-1))


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None):
    """The pseudo-inverse of A through its SVD: singular values at or below
    max(atol, rtol * the largest) count as zero.

    >>> th.linalg.pinv(th.tensor([[1.0, 2.0]]))
    tensor([[0.2000],
            [0.4000]])
    """
    fn = "linalg.pinv"
    _matrix(fn, A)
    U, S, Vh = svd(A, full_matrices=False)
    cut = _tolerances(fn, S, atol, rtol, A.shape)
    keep = S > cut
    inv_s = th.where(keep, 1 / th.where(keep, S, th.ones(S.shape, dtype=S.dtype)),
                     th.zeros(S.shape, dtype=S.dtype))
    if A.dtype.is_complex:
        inv_s = inv_s.to(A.dtype)
    result = th.matmul(_mH(Vh) * inv_s.unsqueeze(-2), _mH(U))
    return _out(fn, out, result)


# ------------------------------------------------------------------ norms
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    """The ord-norm of x's elements (dim None: all of them; an int or a
    tuple of dims): sum(|x|^ord)^(1/ord), inf: max |x|, -inf: min |x|,
    0: the count of nonzeros. Real result for complex x.

    >>> th.linalg.vector_norm(th.tensor([3.0, 4.0]))
    tensor(5.)
    >>> th.linalg.vector_norm(th.tensor([3.0, -4.0]), ord=float('inf'))
    tensor(4.)
    """
    fn = "linalg.vector_norm"
    _tensor(fn, "input", x)
    if dtype is not None:
        x = x.to(dtype)
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        raise Error(f"{fn}: Expected a floating point or complex tensor as input. Got "
                    f"{_tname(x.dtype)}")
    if isinstance(dim, int):
        dim = (dim,)
    dims = tuple(range(x.ndim)) if dim is None else tuple(dim)
    if ord < 0 or ord == math.inf:  # no identity: an empty reduction is refused (torch)
        if dim is None and x.numel() == 0:
            raise Error(f"{fn} cannot compute the {ord} norm on an empty tensor because the "
                        f"operation does not have an identity")
        for d in dims:
            if -x.ndim <= d < x.ndim and x.shape[d] == 0:
                raise Error(f"{fn} cannot compute the {ord} norm on the dimension {d} because "
                            f"this dimension is empty and the operation does not have an "
                            f"identity")
    a = x.abs()
    half = a.dtype if a.dtype in (th.float16, th.bfloat16) else None
    if half is not None:  # torch computes a half type's norm in float32, rounded once
        a = a.to(th.float32)
    if not dims and x.ndim == 0:
        a = a.reshape(1)
        dims = (0,)
    if ord == math.inf:
        r = a.amax(dims, keepdim=keepdim)
    elif ord == -math.inf:
        r = a.amin(dims, keepdim=keepdim)
    elif ord == 0:
        r = (a != 0).to(a.dtype).sum(dims, keepdim=keepdim)
    elif ord == 1:
        r = a.sum(dims, keepdim=keepdim)
    elif ord == 2:
        r = (a * a).sum(dims, keepdim=keepdim).sqrt()
    else:
        r = (a ** ord).sum(dims, keepdim=keepdim) ** (1.0 / ord)
    if x.ndim == 0:  # a 0-dim input's norm is 0-dim, keepdim or not (torch)
        r = r.reshape(())
    if half is not None:
        r = r.to(half)
    return _out(fn, out, r)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    """A matrix norm over dims dim: 'fro', 'nuc', inf, -inf, 1, -1, 2, -2.

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.matrix_norm(A)
    tensor(5.1962, dtype=th.float64)
    >>> th.linalg.matrix_norm(A, ord=1)
    tensor(5., dtype=th.float64)
    """
    fn = "linalg.matrix_norm"
    _tensor(fn, "A", A)
    if A.ndim < 2:
        raise Error(f"{fn}: The input tensor A must have at least 2 dimensions.")
    if dtype is not None:
        A = A.to(dtype)
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise Error(f"{fn}: Expected a floating point or complex tensor as input. Got "
                    f"{_tname(A.dtype)}")
    d0, d1 = (d % A.ndim for d in dim)
    if ord == "fro":
        r = vector_norm(A, 2, (d0, d1), keepdim)
    elif ord == "nuc" or ord in (2, -2):
        M = A.movedim((d0, d1), (-2, -1))
        S = svdvals(M)
        # the largest of no singular values is 0, as torch's (the smallest: amin's error)
        r = S.sum(-1) if ord == "nuc" or ord == 2 and not S.shape[-1] else \
            S.amax(-1) if ord == 2 else S.amin(-1)
        if keepdim:
            r = r.unsqueeze(-1).unsqueeze(-1).movedim((-2, -1), (d0, d1))
    elif ord in (1, -1, math.inf, -math.inf):
        summed, other = (d0, d1) if ord in (1, -1) else (d1, d0)
        s = A.abs().sum(summed, keepdim=True)
        # the largest of no sums is 0 (norms are not negative), as torch's; the smallest
        # of none is refused (amin's error, as torch's)
        r = (s.amax(other, keepdim=True) if s.shape[other] else s.sum(other, keepdim=True)) \
            if ord > 0 else s.amin(other, keepdim=True)
        if not keepdim:
            r = r.squeeze(builtins.max(d0, d1)).squeeze(builtins.min(d0, d1))
    else:
        raise Error(f"{fn}: Order {ord} not supported.")
    return _out(fn, out, r)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """vector_norm (dim an int, or A 1-dim) or matrix_norm (dim a pair, or A
    2-dim), as torch.linalg.norm picks; ord None: 2 or 'fro'.

    >>> th.linalg.norm(th.tensor([3.0, 4.0]))
    tensor(5.)
    """
    fn = "linalg.norm"
    _tensor(fn, "A", A)
    if isinstance(dim, int):
        dim = (dim,)
    if dim is not None and len(dim) == 2 or (dim is None and ord is not None and A.ndim == 2):
        return matrix_norm(A, "fro" if ord is None else ord, dim or (-2, -1), keepdim,
                           dtype=dtype, out=out)
    if ord is not None and dim is None and A.ndim != 1:
        raise Error(f"{fn}: If dim is not specified but ord is, the input must be 1D or 2D. "
                    f"Got {A.ndim}D.")
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype, out=out)


def cond(A, p=None, *, out=None):
    """The condition number of A in norm p (None, 2: the ratio of the
    extreme singular values; -2: its inverse; else norm(A) * norm(inv(A))).

    >>> A = th.tensor([[4.0, 1.0], [1.0, 3.0]], dtype=th.float64)
    >>> th.linalg.cond(A)
    tensor(1.9387, dtype=th.float64)
    """
    fn = "linalg.cond"
    _matrix(fn, A)
    if p is None or p in (2, -2):
        S = svdvals(A)
        r = S[..., 0] / S[..., -1] if p != -2 else S[..., -1] / S[..., 0]
    else:
        _matrix(fn, A, square=True)
        r = matrix_norm(A, p) * matrix_norm(inv(A), p)
    return _out(fn, out, r)


# ----------------------------------------------------------------- tensors
def _prod(sizes):
    return math.prod(sizes)


def tensorinv(A, ind=2, *, out=None):
    """The inverse of A seen as a linear map from its first ind dims to the
    rest: the result has shape A.shape[ind:] + A.shape[:ind] and
    tensordot(result, A, ind) is the identity (prod of both sides equal).

    >>> th.linalg.tensorinv(th.eye(4).view(4, 2, 2), ind=1).shape
    (2, 2, 4)
    """
    fn = "linalg.tensorinv"
    _tensor(fn, "A", A)
    if not isinstance(ind, int) or isinstance(ind, bool):
        raise TypeError(f"{fn}(): argument 'ind' must be int, not {type(ind).__name__}")
    if ind <= 0:
        raise Error(f"Expected a strictly positive integer for 'ind', but got {ind}")
    rows, cols = _prod(A.shape[:ind]), _prod(A.shape[ind:])
    if rows != cols:
        raise Error(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                    f"prod(self.shape[:ind]), but got {cols} != {rows}")
    M = _matrix("linalg.inv", A.reshape(rows, cols), square=True)
    inverse, info = _lapack.getri(M)
    _raise_info("inv", info, _inv_singular)
    return _out(fn, out, inverse.reshape(A.shape[ind:] + A.shape[:ind]))


def tensorsolve(A, B, dims=None, *, out=None):
    """The X of tensordot(A, X, X.ndim) = B: X has shape A.shape[B.ndim:]
    (after the dims of A named by dims are moved to the end).

    >>> th.linalg.tensorsolve(th.eye(4).view(2, 2, 4), th.ones(2, 2))
    tensor([1., 1., 1., 1.])
    """
    fn = "linalg.tensorsolve"
    _tensor(fn, "A", A)
    _tensor(fn, "B", B)
    if dims is not None:
        dims = (dims,) if isinstance(dims, int) else tuple(dims)
        A = A.movedim(dims, tuple(range(A.ndim - len(dims), A.ndim)))
    shape = A.shape[B.ndim:]
    rows, cols = _prod(shape), B.numel()
    if rows != cols:
        raise Error(f"Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                    f"prod(self.shape[:other.ndim]), but got {rows} != {cols}")
    X = solve(A.reshape(rows, rows), B.reshape(-1))
    return _out(fn, out, X.reshape(shape))


def vecdot(x, y, *, dim=-1, out=None):
    """The dot product of x and y (broadcast) along dim: sum(conj(x) * y),
    x conjugated when complex.

    >>> th.linalg.vecdot(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor(11.)
    """
    fn = "linalg.vecdot"
    _tensor(fn, "x", x)
    _tensor(fn, "y", y)
    if x.dtype is not y.dtype:
        raise Error(f"{fn}: Expected x and y to have the same dtype, but found x of type "
                    f"{_tname(x.dtype)} and y of type {_tname(y.dtype)} instead")
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        raise Error(f"{fn}: Expected a floating point or complex tensor as input. Got "
                    f"{_tname(x.dtype)}")
    if x.ndim == 1 and y.ndim == 1 and x.shape != y.shape:
        raise Error(f"inconsistent tensor size, expected tensor [{x.shape[0]}] and src "
                    f"[{y.shape[0]}] to have the same number of elements, but got "
                    f"{x.shape[0]} and {y.shape[0]} elements respectively")
    return _out(fn, out, (_conj(x) * y).sum(dim))


# ------------------------------------------------------------ products
def _identity(shape, dtype):
    eye = th.zeros(shape, dtype=dtype)
    eye.diagonal(0, -2, -1).fill_(1)
    return eye


def matrix_power(A, n, *, out=None):
    """A^n by repeated squaring (n < 0: inv(A)^-n; n 0: the identity).

    >>> th.linalg.matrix_power(th.tensor([[1, 1], [0, 1]]), 3)
    tensor([[1, 3],
            [0, 1]])
    """
    fn = "linalg.matrix_power"
    _tensor(fn, "A", A)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise Error(f"{fn}: A must be batches of square matrices, but they are "
                    f"{A.shape[-2] if A.ndim >= 2 else 0} by {A.shape[-1] if A.ndim else 0} "
                    f"matrices")
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"{fn}(): argument 'n' must be int, not {type(n).__name__}")
    if n == 0:
        return _out(fn, out, _identity(A.shape, A.dtype))
    if n < 0:
        A, n = inv(A), -n
    result, base = None, A
    while n:
        if n & 1:
            result = base if result is None else th.matmul(result, base)
        n >>= 1
        if n:
            base = th.matmul(base, base)
    return _out(fn, out, result.clone() if result is A else result)


def multi_dot(tensors, *, out=None):
    """The product of the tensors, left to right (the first may be 1-dim, a
    row; the last, a column).

    >>> th.linalg.multi_dot([th.ones(2, 3), th.ones(3, 4), th.ones(4, 1)])
    tensor([[12.],
            [12.]])
    """
    fn = "linalg.multi_dot"
    tensors = list(tensors)
    if len(tensors) < 2:
        raise Error(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    for i, t in enumerate(tensors):
        _tensor(fn, f"tensors[{i}]", t)
        if t.ndim not in ((1, 2) if i in (0, len(tensors) - 1) else (2,)):
            raise Error(f"multi_dot(): tensor {i} must be 2D"
                        + (" or 1D" if i in (0, len(tensors) - 1) else "")
                        + f" but got {t.ndim}D")
    result = tensors[0]
    for t in tensors[1:]:
        result = th.matmul(result, t)
    return _out(fn, out, result)


def cross(input, other, *, dim=-1, out=None):
    """The cross product of 3-vectors along dim (broadcasting): th.cross's,
    THTensor_cross, with torch.linalg's default dim.

    >>> th.linalg.cross(th.tensor([1.0, 0.0, 0.0]), th.tensor([0.0, 1.0, 0.0]))
    tensor([0., 0., 1.])
    """
    _tensor("linalg.cross", "input", input)
    _tensor("linalg.cross", "other", other)
    return th.cross(input, other, dim, out=out)


# Padé (13, 13) coefficients of exp (Higham 2005, "The scaling and squaring
# method for the matrix exponential revisited"), and the largest 1-norm it
# approximates to double precision
_PADE13 = (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
           129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0,
           40840800.0, 960960.0, 16380.0, 182.0, 1.0)
_THETA13 = 5.371920351148152


def matrix_exp(A):
    """exp(A) by scaling and squaring with a Padé (13, 13) approximant
    (Higham 2005, as scipy's expm): A / 2^s has a 1-norm of at most 5.37,
    exp of it is solved from the approximant's numerator and denominator,
    then squared s times. One s serves the whole batch (the largest one
    needs).

    >>> th.linalg.matrix_exp(th.zeros(2, 2))
    tensor([[1., 0.],
            [0., 1.]])
    """
    fn = "linalg.matrix_exp"
    _matrix(fn, A, square=True)
    if A.numel() == 0:
        return A.clone()
    norm = A.abs().sum(-2).amax().item()
    s = builtins.max(0, math.ceil(math.log2(norm / _THETA13))) if norm > _THETA13 else 0
    if s:
        A = A / float(2 ** s)
    b = _PADE13
    eye = _identity(A.shape, A.dtype)
    A2 = th.matmul(A, A)
    A4 = th.matmul(A2, A2)
    A6 = th.matmul(A4, A2)
    U = th.matmul(A, th.matmul(A6, b[13] * A6 + b[11] * A4 + b[9] * A2)
                  + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * eye)
    V = (th.matmul(A6, b[12] * A6 + b[10] * A4 + b[8] * A2)
         + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * eye)
    R = solve(V - U, V + U)
    for _ in range(s):
        R = th.matmul(R, R)
    return R

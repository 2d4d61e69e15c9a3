"""LAPACK over th/src/math/THTensorLapack*.c (THTensorLapack.h): one
function per C routine, each taking and returning th.Tensors, batched over
the leading dims in one C call. th.linalg (th/linalg.py) gives them torch's
names, checks and errors; these are its plumbing, and the C API's door for
tests.

Results are new tensors laid out as torch lays out LAPACK's results (each
matrix column-major). info tensors (int32, the batch's shape) report what
LAPACK said of each matrix. A call with much work runs without the GIL over
pinned views of its inputs."""
from libc.stdint cimport int64_t

cimport th._errors
from th._tensor cimport Tensor, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

# A call of at least this many flops (count * n^3, roughly) runs without the GIL.
cdef double LONG_CALL = 1 << 18

# which C function _call runs
cdef enum Op:
    GETRF, GETRS, GESV, GETRI, DET, SLOGDET, POTRF, POTRS, POTRI, TRTRS, GEQRF, ORGQR, ORMQR,
    QR, SYEV, GEEV, GESDD, GELS, PSTRF, LUUNPACK, SYTRF, SYTRS


cdef int _call(Op op, THTensor **o, THTensor **x, int *p, double d) except -1 nogil:
    if op == GETRF:
        return THTensor_getrf(o[0], o[1], o[2], x[0])
    if op == GETRS:
        return THTensor_getrs(o[0], x[0], x[1], x[2], p[0])
    if op == GESV:
        return THTensor_gesv(o[0], NULL, NULL, o[1], x[1], x[0])
    if op == GETRI:
        return THTensor_getri(o[0], o[1], x[0])
    if op == LUUNPACK:
        return THTensor_luUnpack(o[0], o[1], o[2], x[0], x[1])
    if op == SYTRF:
        return THTensor_sytrf(o[0], o[1], o[2], x[0], p[0])
    if op == SYTRS:
        return THTensor_sytrs(o[0], x[0], x[1], x[2], p[0])
    if op == DET:
        return THTensor_det(o[0], x[0])
    if op == SLOGDET:
        return THTensor_slogdet(o[0], o[1], x[0])
    if op == POTRF:
        return THTensor_potrf(o[0], o[1], x[0], p[0])
    if op == POTRS:
        return THTensor_potrs(o[0], x[1], x[0], p[0])
    if op == POTRI:
        return THTensor_potri(o[0], o[1], x[0], p[0])
    if op == PSTRF:
        return THTensor_pstrf(o[0], o[1], o[2], x[0], p[0], d)
    if op == TRTRS:
        return THTensor_trtrs(o[0], x[1], x[0], p[0], p[1], p[2], p[3])
    if op == GEQRF:
        return THTensor_geqrf(o[0], o[1], x[0])
    if op == ORGQR:
        return THTensor_orgqr(o[0], x[0], x[1])
    if op == ORMQR:
        return THTensor_ormqr(o[0], x[0], x[1], x[2], p[0], p[1])
    if op == QR:
        return THTensor_qr(o[0], o[1], x[0], p[0])
    if op == SYEV:
        return THTensor_syev(o[0], o[1], o[2], x[0], p[0])
    if op == GEEV:
        return THTensor_geev(o[0], o[1], o[2], x[0])
    if op == GESDD:
        return THTensor_gesdd(o[0], o[1], o[2], o[3], x[0], p[0])
    return THTensor_gels(o[0], o[1], o[2], o[3], x[0], x[1], <THLstsqDriver>p[0], d)


cdef double _flops(Tensor a):
    """count * n^3 of a batch of matrices, roughly: only decides the GIL."""
    cdef int nd = THTensor_nDimension(a.cdata)
    cdef double n = THTensor_size(a.cdata, nd - 1)
    return <double>THTensor_nElement(a.cdata) * n


cdef _run(Op op, tuple outs, tuple ins, int p0=0, int p1=0, int p2=0, int p3=0, double d=0):
    """op over the C tensors of ins (Tensors) into outs (Tensors or None);
    a long one without the GIL over pinned snapshots of ins (outs are the
    caller's new, private tensors)."""
    cdef THTensor *o[4]
    cdef THTensor *x[3]
    cdef int p[4]
    cdef int i, n_in = len(ins)
    p[0], p[1], p[2], p[3] = p0, p1, p2, p3
    for i in range(4):
        o[i] = (<Tensor>outs[i]).cdata if i < len(outs) and outs[i] is not None else NULL
    for i in range(3):
        x[i] = NULL
    if _flops(ins[0]) < LONG_CALL:
        for i in range(n_in):
            x[i] = (<Tensor>ins[i]).cdata
        _call(op, o, x, p, d)
        return
    try:
        for i in range(n_in):
            x[i] = pinned_snapshot((<Tensor>ins[i]).cdata)
        with nogil:
            _call(op, o, x, p, d)
    finally:
        for i in range(n_in):
            release_snapshot(x[i])


cdef Tensor _new(THScalarType dtype):
    return wrap_tensor(THTensor_new(dtype))


cdef THScalarType _dt(Tensor a):
    return THTensor_dtype(a.cdata)


cdef THScalarType _real(THScalarType t):
    return TH_FLOAT32 if t == TH_COMPLEX64 else TH_FLOAT64 if t == TH_COMPLEX128 else t


cdef THScalarType _complex(THScalarType t):
    return TH_COMPLEX64 if t == TH_FLOAT32 or t == TH_COMPLEX64 else TH_COMPLEX128


def getrf(Tensor a not None):
    """(LU, pivots, info): A = P L U with partial pivoting."""
    lu, piv, info = _new(_dt(a)), _new(TH_INT32), _new(TH_INT32)
    _run(GETRF, (lu, piv, info), (a,))
    return lu, piv, info


def getrs(Tensor lu not None, Tensor pivots not None, Tensor b not None, int adjoint=0):
    """X of op(A) X = B from getrf's factors (adjoint 0: A, 1: A^T, 2: A^H)."""
    x = _new(_dt(b))
    _run(GETRS, (x,), (lu, pivots, b), adjoint)
    return x


def gesv(Tensor a not None, Tensor b not None):
    """(X, info): X of A X = B (B a batch of matrices)."""
    x, info = _new(_dt(b)), _new(TH_INT32)
    _run(GESV, (x, info), (a, b))
    return x, info


def getri(Tensor a not None):
    """(inverse, info)."""
    inv, info = _new(_dt(a)), _new(TH_INT32)
    _run(GETRI, (inv, info), (a,))
    return inv, info


def lu_unpack(Tensor lu not None, Tensor pivots, bint data=True, bint perm=True):
    """(P or None, L or None, U or None) of A = P L U from getrf's factors."""
    p = _new(_dt(lu)) if perm else None
    l = _new(_dt(lu)) if data else None
    u = _new(_dt(lu)) if data else None
    _run(LUUNPACK, (p, l, u), (lu, pivots) if pivots is not None else (lu,))
    return p, l, u


def sytrf(Tensor a not None, bint hermitian=False):
    """(LD, pivots, info): A = L D L^T (hermitian: L D L^H), Bunch-Kaufman."""
    ld, piv, info = _new(_dt(a)), _new(TH_INT32), _new(TH_INT32)
    _run(SYTRF, (ld, piv, info), (a,), hermitian)
    return ld, piv, info


def sytrs(Tensor ld not None, Tensor pivots not None, Tensor b not None, bint hermitian=False):
    """X of A X = B from sytrf's factors."""
    x = _new(_dt(b))
    _run(SYTRS, (x,), (ld, pivots, b), hermitian)
    return x


def det(Tensor a not None):
    d = _new(_dt(a))
    _run(DET, (d,), (a,))
    return d


def slogdet(Tensor a not None):
    """(sign, logabsdet)."""
    sign, logabs = _new(_dt(a)), _new(_real(_dt(a)))
    _run(SLOGDET, (sign, logabs), (a,))
    return sign, logabs


def potrf(Tensor a not None, bint upper=False):
    """(the Cholesky factor, info)."""
    c, info = _new(_dt(a)), _new(TH_INT32)
    _run(POTRF, (c, info), (a,), upper)
    return c, info


def potrs(Tensor c not None, Tensor b not None, bint upper=False):
    """X of A X = B from A's Cholesky factor c."""
    x = _new(_dt(b))
    _run(POTRS, (x,), (c, b), upper)
    return x


def potri(Tensor c not None, bint upper=False):
    """(A's inverse from its Cholesky factor c, info)."""
    inv, info = _new(_dt(c)), _new(TH_INT32)
    _run(POTRI, (inv, info), (c,), upper)
    return inv, info


def pstrf(Tensor a not None, bint upper=False, double tol=-1):
    """(the pivoted Cholesky factor, pivots, rank) of a positive-semidefinite A."""
    c, piv, rank = _new(_dt(a)), _new(TH_INT32), _new(TH_INT32)
    _run(PSTRF, (c, piv, rank), (a,), upper, 0, 0, 0, tol)
    return c, piv, rank


def trtrs(Tensor a not None, Tensor b not None, bint upper, int trans=0,
          bint unitriangular=False, bint left=True):
    """X of op(A) X = B (left) or X op(A) = B for a triangular A."""
    x = _new(_dt(b))
    _run(TRTRS, (x,), (a, b), upper, trans, unitriangular, left)
    return x


def geqrf(Tensor a not None):
    """(QR in LAPACK's compact form, tau)."""
    qr, tau = _new(_dt(a)), _new(_dt(a))
    _run(GEQRF, (qr, tau), (a,))
    return qr, tau


def orgqr(Tensor a not None, Tensor tau not None):
    """The first n columns of the product of the Householder reflectors."""
    q = _new(_dt(a))
    _run(ORGQR, (q,), (a, tau))
    return q


def ormqr(Tensor a not None, Tensor tau not None, Tensor c not None, bint left=True,
          bint transpose=False):
    """op(Q) C (left) or C op(Q), Q the reflectors of (a, tau)."""
    r = _new(_dt(c))
    _run(ORMQR, (r,), (a, tau, c), left, transpose)
    return r


def qr(Tensor a not None, bint complete=False, bint compute_q=True):
    """(Q or None, R)."""
    q = _new(_dt(a)) if compute_q else None
    r = _new(_dt(a))
    _run(QR, (q, r), (a,), complete)
    return q, r


def syev(Tensor a not None, bint upper=False, bint vectors=True):
    """(eigenvalues, eigenvectors or None, info) of a Hermitian A."""
    w, info = _new(_real(_dt(a))), _new(TH_INT32)
    v = _new(_dt(a)) if vectors else None
    _run(SYEV, (w, v, info), (a,), upper)
    return w, v, info


def geev(Tensor a not None, bint vectors=True):
    """(eigenvalues, right eigenvectors or None, info), complex."""
    w, info = _new(_complex(_dt(a))), _new(TH_INT32)
    v = _new(_complex(_dt(a))) if vectors else None
    _run(GEEV, (w, v, info), (a,))
    return w, v, info


def gesdd(Tensor a not None, bint full=False, bint vectors=True):
    """(U or None, S, Vh or None, info)."""
    s, info = _new(_real(_dt(a))), _new(TH_INT32)
    u = _new(_dt(a)) if vectors else None
    vh = _new(_dt(a)) if vectors else None
    _run(GESDD, (u, s, vh, info), (a,), full)
    return u, s, vh, info


DRIVERS = {"gels": TH_LSTSQ_GELS, "gelsy": TH_LSTSQ_GELSY, "gelsd": TH_LSTSQ_GELSD,
           "gelss": TH_LSTSQ_GELSS}


def gels(Tensor a not None, Tensor b not None, str driver="gelsy", double rcond=-1):
    """(solution, residuals, rank, singular_values) of min ||A X - B||."""
    x, res = _new(_dt(a)), _new(_real(_dt(a)))
    rank, sv = _new(TH_INT64), _new(_real(_dt(a)))
    _run(GELS, (x, res, rank, sv), (a, b), DRIVERS[driver], 0, 0, 0, rcond)
    return x, res, rank, sv

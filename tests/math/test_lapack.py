"""th.linalg over LAPACK (THTensorLapack.h, th/_lapack.pyx, th/linalg.py):
numpy and scipy are the oracle for values (within a tolerance scaled by the
dtype's eps and the matrix's condition), torch for result dtypes, shapes,
strides and errors; every layout (transposed, sliced, non-contiguous
batches), batches, empty matrices; singular and non positive-definite
inputs raise LinAlgError with torch's message, and the _ex forms return
info."""
import math

import numpy as np
import pytest
import scipy.linalg
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th import _lapack

torch = pytest.importorskip("torch")

SETTINGS = settings(max_examples=40, deadline=None)
DTYPES = [th.float32, th.float64, th.complex64, th.complex128]
NP = {th.float32: np.float32, th.float64: np.float64, th.complex64: np.complex64,
      th.complex128: np.complex128}
TORCH = {th.float32: torch.float32, th.float64: torch.float64, th.complex64: torch.complex64,
         th.complex128: torch.complex128, th.int64: torch.int64, th.int32: torch.int32}
LAYOUTS = ["contiguous", "transposed", "strided", "batch_strided"]


def random_matrix(shape, dtype, seed=0, kind="general"):
    """A numpy array of shape in dtype: general (well conditioned), hpd
    (Hermitian positive-definite) or triangular ones (a dominant diagonal)."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if dtype.is_complex:
        a = a + 1j * rng.standard_normal(shape)
    n = shape[-1]
    if kind == "hpd":
        a = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    elif kind == "general" and len(shape) >= 2 and shape[-1] == shape[-2]:
        a = a + 2 * n ** 0.5 * np.eye(n)
    return a.astype(NP[dtype])


def to_th(a, layout="contiguous"):
    """a (numpy) as a th tensor laid out as layout says (same values)."""
    if layout == "contiguous":
        return th.from_numpy(np.ascontiguousarray(a))
    if layout == "transposed":  # each matrix stored column-major
        return th.from_numpy(np.ascontiguousarray(np.swapaxes(a, -1, -2))).mT
    if layout == "strided":  # every other element of a larger array
        big = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), dtype=a.dtype)
        big[..., ::2] = a
        return th.from_numpy(big)[..., ::2]
    # batch_strided: the batch dims taken every other one
    big = np.zeros((2,) + a.shape, dtype=a.dtype)
    big[0] = a
    return th.from_numpy(big)[0].transpose(-1, -2).transpose(-1, -2)


def np_of(t):
    return np.asarray(t.contiguous().numpy())


def tol(dtype, cond=10.0):
    eps = np.finfo(NP[dtype]).eps
    return 50 * eps * max(cond, 1.0)


def assert_close(t, expected, dtype, cond=10.0):
    got = np_of(t)
    assert got.shape == np.shape(expected)
    scale = max(1.0, float(np.max(np.abs(expected)))) if np.size(expected) else 1.0
    np.testing.assert_allclose(got, expected, rtol=tol(dtype, cond), atol=tol(dtype, cond) * scale)


def torch_of(t):
    return torch.from_numpy(np_of(t).copy())


# ------------------------------------------------------------------ solve
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_solve_matches_numpy(dtype, layout):
    a = random_matrix((3, 5, 5), dtype, 1)
    b = random_matrix((3, 5, 2), dtype, 2)
    x = th.linalg.solve(to_th(a, layout), to_th(b, layout))
    assert x.dtype is dtype and x.shape == (3, 5, 2)
    assert_close(x, np.linalg.solve(a, b), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_vector_rhs_left_false_and_broadcasting(dtype):
    a = random_matrix((2, 4, 4), dtype, 3)
    b = random_matrix((2, 4), dtype, 4)
    x = th.linalg.solve(to_th(a), to_th(b))
    assert x.shape == (2, 4)
    assert_close(x, np.linalg.solve(a, b[..., None])[..., 0], dtype)
    # one A against a batch of B, and X A = B
    b3 = random_matrix((3, 4, 2), dtype, 5)
    x = th.linalg.solve(to_th(a[0]), to_th(b3))
    assert_close(x, np.linalg.solve(a[0], b3), dtype)
    bl = random_matrix((2, 3, 4), dtype, 6)
    x = th.linalg.solve(to_th(a), to_th(bl), left=False)
    assert_close(x, np.swapaxes(np.linalg.solve(np.swapaxes(a, -1, -2), np.swapaxes(bl, -1, -2)),
                                -1, -2), dtype)
    # as torch: shapes
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    assert tuple(torch.linalg.solve(ta, tb).shape) == x.shape[:1] + (4,)


def test_solve_errors_as_torch():
    singular = th.tensor([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(th.linalg.LinAlgError) as e:
        th.linalg.solve(singular, th.ones(2))
    with pytest.raises(torch._C._LinAlgError) as te:
        torch.linalg.solve(torch.tensor([[1.0, 2.0], [2.0, 4.0]]), torch.ones(2))
    assert str(e.value) == str(te.value)
    assert isinstance(e.value, RuntimeError) and isinstance(e.value, th.Error)
    batch = th.stack([th.tensor([[1.0, 0], [0, 1]]), singular])
    with pytest.raises(th.linalg.LinAlgError, match=r"\(Batch element 1\): The solver failed"):
        th.linalg.solve(batch, th.ones(2))
    with pytest.raises(th.Error, match="must be batches of square matrices, but they are 2 by 3"):
        th.linalg.solve(th.ones(2, 3), th.ones(2))
    with pytest.raises(th.Error, match=r"Incompatible shapes of A and B for the equation AX = B "
                                       r"\(3x3 and 2x1\)"):
        th.linalg.solve(th.ones(3, 3), th.ones(2))
    with pytest.raises(th.Error, match="Expected A and B to have the same dtype, but found A of "
                                       "type Float and B of type Double instead"):
        th.linalg.solve(th.ones(3, 3), th.ones(3, dtype=th.float64))
    with pytest.raises(th.Error, match="Expected a floating point or complex tensor as input. "
                                       "Got Long"):
        th.linalg.solve(th.ones(3, 3, dtype=th.int64), th.ones(3, dtype=th.int64))
    with pytest.raises(TypeError):
        th.linalg.solve([[1.0]], th.ones(1))
    x, info = th.linalg.solve_ex(batch, th.ones(2))
    assert info.dtype is th.int32 and info.tolist() == [0, 2]
    with pytest.raises(th.linalg.LinAlgError):
        th.linalg.solve_ex(batch, th.ones(2), check_errors=True)


# -------------------------------------------------------------------- inv
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_inv_det_slogdet_match_numpy(dtype, layout):
    a = random_matrix((4, 6, 6), dtype, 7)
    A = to_th(a, layout)
    inv = th.linalg.inv(A)
    assert inv.dtype is dtype and inv.shape == (4, 6, 6)
    assert_close(inv, np.linalg.inv(a), dtype)
    assert_close(th.linalg.det(A), np.linalg.det(a), dtype, cond=1e3)
    sign, logabs = th.linalg.slogdet(A)
    ns, nl = np.linalg.slogdet(a)
    assert sign.dtype is dtype and logabs.dtype is th.linalg._real_dtype(dtype)
    assert_close(sign, ns, dtype)
    assert_close(logabs, nl, dtype, cond=1e2)
    # unpacks as a tuple, reads as fields
    s2, l2 = th.linalg.slogdet(A)
    assert th.linalg.slogdet(A).logabsdet.shape == l2.shape == (4,)


def test_inv_singular_and_inv_ex():
    singular = th.tensor([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(th.linalg.LinAlgError) as e:
        th.linalg.inv(singular)
    with pytest.raises(torch._C._LinAlgError) as te:
        torch.linalg.inv(torch.tensor([[1.0, 2.0], [2.0, 4.0]]))
    assert str(e.value) == str(te.value)
    inverse, info = th.linalg.inv_ex(singular)
    assert info.ndim == 0 and info.item() == 2 and info.dtype is th.int32
    assert th.linalg.inv_ex(th.tensor([[1.0, 0.0], [0.0, 1.0]])).info.item() == 0
    assert th.linalg.det(singular).item() == 0
    sign, logabs = th.linalg.slogdet(singular)
    assert sign.item() == 0 and logabs.item() == -math.inf


def test_empty_matrices_and_batches_as_torch():
    for shape in [(0, 0), (3, 0, 0), (0, 3, 3)]:
        a = th.zeros(shape)
        t = torch.zeros(shape)
        assert th.linalg.inv(a).shape == tuple(torch.linalg.inv(t).shape)
        assert th.linalg.det(a).tolist() == torch.linalg.det(t).tolist()
        assert th.linalg.cholesky(a).shape == tuple(torch.linalg.cholesky(t).shape)
        sign, logabs = th.linalg.slogdet(a)
        assert sign.tolist() == torch.linalg.slogdet(t).sign.tolist()
        assert th.linalg.solve(a, th.zeros(shape[:-1])).shape == shape[:-1]
        lu, piv = th.linalg.lu_factor(a)
        assert lu.shape == shape and piv.shape == tuple(torch.linalg.lu_factor(t).pivots.shape)
        assert th.linalg.eigh(a).eigenvalues.shape == tuple(torch.linalg.eigh(t).eigenvalues.shape)
        assert th.linalg.svdvals(a).shape == tuple(torch.linalg.svdvals(t).shape)
    q, r = th.linalg.qr(th.zeros(3, 0), mode="complete")
    tq, tr = torch.linalg.qr(torch.zeros(3, 0), mode="complete")
    assert q.shape == tuple(tq.shape) and r.shape == tuple(tr.shape)
    np.testing.assert_array_equal(np_of(q), tq.numpy())


def test_results_have_torchs_dtypes_shapes_and_strides():
    a = random_matrix((2, 4, 4), th.float64, 11, "hpd")
    A, T = to_th(a), torch.from_numpy(a)
    pairs = [(th.linalg.inv(A), torch.linalg.inv(T)),
             (th.linalg.cholesky(A), torch.linalg.cholesky(T)),
             (th.linalg.lu_factor(A).LU, torch.linalg.lu_factor(T).LU),
             (th.linalg.lu_factor(A).pivots, torch.linalg.lu_factor(T).pivots),
             (th.linalg.eigh(A).eigenvectors, torch.linalg.eigh(T).eigenvectors),
             (th.linalg.qr(A).Q, torch.linalg.qr(T).Q),
             (th.linalg.svd(A).U, torch.linalg.svd(T).U),
             (th.linalg.inv_ex(A).info, torch.linalg.inv_ex(T).info),
             (th.linalg.det(A), torch.linalg.det(T))]
    for ours, theirs in pairs:
        assert ours.shape == tuple(theirs.shape)
        assert ours.dtype is {v: k for k, v in TORCH.items()}[theirs.dtype]
        assert ours.stride() == theirs.stride()
    assert type(th.linalg.qr(A)).__name__ == "linalg_qr"


@pytest.mark.parametrize("dtype", [th.int64, th.int32, th.bool, th.float16])
def test_other_dtypes_are_refused_as_torch(dtype):
    a = th.ones(2, 2).to(dtype)
    for name in ["inv", "det", "cholesky", "slogdet", "qr", "svd"]:
        with pytest.raises(th.Error) as e:
            getattr(th.linalg, name)(a)
        with pytest.raises(RuntimeError) as te:
            getattr(torch.linalg, name)(torch.ones(2, 2).to(
                {th.int64: torch.int64, th.int32: torch.int32, th.bool: torch.bool,
                 th.float16: torch.float16}[dtype]))
        if dtype is not th.float16:  # torch's half messages differ by function
            assert str(e.value) == str(te.value)


# --------------------------------------------------------------- cholesky
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_cholesky_matches_numpy(dtype, layout):
    a = random_matrix((3, 5, 5), dtype, 12, "hpd")
    L = th.linalg.cholesky(to_th(a, layout))
    assert_close(L, np.linalg.cholesky(a), dtype)
    U = th.linalg.cholesky(to_th(a, layout), upper=True)
    assert_close(U, np.conj(np.swapaxes(np.linalg.cholesky(a), -1, -2)), dtype)
    assert_close(th.linalg.cholesky_inverse(L), np.linalg.inv(a), dtype, cond=1e2)


def test_cholesky_not_positive_definite_as_torch():
    a = [[1.0, 2.0], [2.0, 1.0]]
    with pytest.raises(th.linalg.LinAlgError) as e:
        th.linalg.cholesky(th.tensor(a))
    with pytest.raises(torch._C._LinAlgError) as te:
        torch.linalg.cholesky(torch.tensor(a))
    assert str(e.value) == str(te.value) == (
        "linalg.cholesky: The factorization could not be completed because the input is not "
        "positive-definite (the leading minor of order 2 is not positive-definite).")
    batch = th.tensor([[[1.0, 0], [0, 1]], [[1.0, 0], [0, -1]]])
    with pytest.raises(th.linalg.LinAlgError, match=r"\(Batch element 1\)"):
        th.linalg.cholesky(batch)
    L, info = th.linalg.cholesky_ex(batch)
    assert info.tolist() == [0, 2]
    tl, tinfo = torch.linalg.cholesky_ex(torch.from_numpy(np_of(batch)))
    assert info.tolist() == tinfo.tolist()


# ------------------------------------------------------------- triangular
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("upper", [True, False])
@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("unit", [True, False])
def test_solve_triangular_matches_scipy(dtype, upper, left, unit):
    a = random_matrix((2, 4, 4), dtype, 13)
    b = random_matrix((2, 4, 3) if left else (2, 3, 4), dtype, 14)
    x = th.linalg.solve_triangular(to_th(a, "transposed"), to_th(b, "strided"), upper=upper,
                                   left=left, unitriangular=unit)
    tri = np.triu(a) if upper else np.tril(a)
    if unit:
        idx = np.arange(4)
        tri[..., idx, idx] = 1
    expected = np.linalg.solve(tri, b) if left else np.swapaxes(
        np.linalg.solve(np.swapaxes(tri, -1, -2), np.swapaxes(b, -1, -2)), -1, -2)
    assert_close(x, expected, dtype, cond=1e2)


# ---------------------------------------------------------------------- LU
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (2, 4, 6), (6, 4)])
def test_lu_factor_matches_scipy_and_lu_solve(dtype, shape):
    a = random_matrix(shape, dtype, 15)
    LU, piv = th.linalg.lu_factor(to_th(a, "transposed"))
    assert piv.dtype is th.int32 and LU.shape == shape
    flat = a.reshape((-1,) + shape[-2:])
    lus, pivs = np_of(LU).reshape(flat.shape), np_of(piv).reshape(flat.shape[0], -1)
    for i, m in enumerate(flat):
        lu, p = scipy.linalg.lu_factor(m)
        np.testing.assert_allclose(lus[i], lu, rtol=tol(dtype), atol=tol(dtype) * 10)
        assert (pivs[i] - 1).tolist() == p.tolist()
    if shape[-1] == shape[-2]:
        b = random_matrix(shape[:-1] + (2,), dtype, 16)
        for adjoint in (False, True):
            x = th.linalg.lu_solve(LU, piv, to_th(b), adjoint=adjoint)
            m = np.conj(np.swapaxes(a, -1, -2)) if adjoint else a
            assert_close(x, np.linalg.solve(m, b), dtype, cond=1e2)
            bl = np.swapaxes(b, -1, -2)
            x = th.linalg.lu_solve(LU, piv, to_th(bl), left=False, adjoint=adjoint)
            assert_close(x, np.swapaxes(np.linalg.solve(np.swapaxes(m, -1, -2),
                                                        np.swapaxes(bl, -1, -2)), -1, -2),
                         dtype, cond=1e2)


def test_lu_factor_singular_and_ex_as_torch():
    a = [[1.0, 2.0], [2.0, 4.0]]
    with pytest.raises(th.Error) as e:
        th.linalg.lu_factor(th.tensor(a))
    with pytest.raises(RuntimeError) as te:
        torch.linalg.lu_factor(torch.tensor(a))
    assert str(e.value) == str(te.value)
    LU, piv, info = th.linalg.lu_factor_ex(th.tensor(a))
    tlu, tpiv, tinfo = torch.linalg.lu_factor_ex(torch.tensor(a))
    assert info.item() == tinfo.item() and piv.tolist() == tpiv.tolist()
    np.testing.assert_allclose(np_of(LU), tlu.numpy())
    with pytest.raises(ValueError, match="pivots must be in"):
        _lapack.getrs(LU, th.tensor([0, 7], dtype=th.int32), th.ones(2, 1))


# ---------------------------------------------------------------------- QR
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr_matches_numpy(dtype, shape, mode):
    a = random_matrix(shape, dtype, 17)
    Q, R = th.linalg.qr(to_th(a, "strided"), mode=mode)
    nq, nr = np.linalg.qr(a, mode="reduced" if mode == "r" else mode)
    tq, tr = torch.linalg.qr(torch.from_numpy(a), mode=mode)
    assert Q.shape == tuple(tq.shape) and R.shape == tuple(tr.shape)
    # Q and R are unique up to the signs of R's diagonal: compare Q R and |R|
    assert_close(R.abs() if not dtype.is_complex else R.abs(), np.abs(nr), dtype, cond=10)
    if mode != "r":
        assert_close(th.matmul(Q, R), a, dtype, cond=10)
        qh = np.conj(np.swapaxes(np_of(Q), -1, -2))
        np.testing.assert_allclose(qh @ np_of(Q), np.broadcast_to(np.eye(Q.shape[-1]),
                                   qh.shape[:-2] + (Q.shape[-1],) * 2), atol=tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_householder_product_and_geqrf(dtype):
    a = random_matrix((2, 5, 3), dtype, 18)
    qr, tau = _lapack.geqrf(to_th(a))
    q = th.linalg.householder_product(qr, tau)
    tq = torch.linalg.householder_product(*torch.geqrf(torch.from_numpy(a)))
    assert_close(q, tq.numpy(), dtype)
    c = random_matrix((2, 5, 2), dtype, 19)
    r = _lapack.ormqr(qr, tau, to_th(c), True, True)
    assert_close(r, torch.ormqr(*torch.geqrf(torch.from_numpy(a)), torch.from_numpy(c),
                                left=True, transpose=True).numpy(), dtype)


# ------------------------------------------------------------ eigen, SVD
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_matches_numpy(dtype, uplo):
    a = random_matrix((3, 5, 5), dtype, 20, "hpd")
    # garbage in the triangle not read
    junk = a.copy()
    idx = np.triu_indices(5, 1) if uplo == "L" else np.tril_indices(5, -1)
    junk[..., idx[0], idx[1]] = 99
    w, v = th.linalg.eigh(to_th(junk, "transposed"), UPLO=uplo)
    nw, nv = np.linalg.eigh(a, UPLO=uplo)
    assert w.dtype is th.linalg._real_dtype(dtype) and v.dtype is dtype
    assert_close(w, nw, dtype, cond=1e2)
    assert_close(th.linalg.eigvalsh(to_th(junk), UPLO=uplo), nw, dtype, cond=1e2)
    # A V = V diag(w)
    vv = np_of(v)
    np.testing.assert_allclose(a @ vv, vv * np_of(w)[..., None, :], atol=tol(dtype, 1e3) * 10)
    with pytest.raises(th.Error, match="Expected UPLO argument to be 'L' or 'U', but got X"):
        th.linalg.eigh(to_th(a), UPLO="X")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
@pytest.mark.parametrize("full", [True, False])
def test_svd_matches_numpy(dtype, shape, full):
    a = random_matrix(shape, dtype, 21)
    U, S, Vh = th.linalg.svd(to_th(a, "transposed"), full_matrices=full)
    nu, ns, nvh = np.linalg.svd(a, full_matrices=full)
    tu, ts, tvh = torch.linalg.svd(torch.from_numpy(a), full_matrices=full)
    assert (U.shape, S.shape, Vh.shape) == (tuple(tu.shape), tuple(ts.shape), tuple(tvh.shape))
    assert S.dtype is th.linalg._real_dtype(dtype)
    assert_close(S, ns, dtype, cond=10)
    assert_close(th.linalg.svdvals(to_th(a)), ns, dtype, cond=10)
    k = min(shape[-2:])
    rebuilt = (np_of(U)[..., :, :k] * np_of(S)[..., None, :]) @ np_of(Vh)[..., :k, :]
    np.testing.assert_allclose(rebuilt, a, atol=tol(dtype, 10) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_eig_matches_numpy(dtype):
    a = random_matrix((2, 4, 4), dtype, 22)
    w, v = th.linalg.eig(to_th(a))
    tw, tv = torch.linalg.eig(torch.from_numpy(a))
    assert w.dtype is {v_: k for k, v_ in TORCH.items() if k in DTYPES}[tw.dtype]
    assert w.shape == tuple(tw.shape) and v.shape == tuple(tv.shape)
    # A v = v diag(w), each v of norm 1
    vv, ww = np_of(v), np_of(w)
    np.testing.assert_allclose(a @ vv, vv * ww[..., None, :], atol=tol(dtype, 1e2) * 10)
    np.testing.assert_allclose(np.linalg.norm(vv, axis=-2), 1, atol=tol(dtype) * 10)
    np.testing.assert_allclose(np.sort_complex(np_of(th.linalg.eigvals(to_th(a))).ravel()),
                               np.sort_complex(np.linalg.eigvals(a).ravel()),
                               atol=tol(dtype, 1e2) * 10)


# ----------------------------------------------------------- least squares
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("driver", [None, "gels", "gelsy", "gelsd", "gelss"])
@pytest.mark.parametrize("shape", [(6, 3), (3, 6)])
def test_lstsq_matches_numpy_and_torch(dtype, driver, shape):
    a = random_matrix((2,) + shape, dtype, 23)
    b = random_matrix((2, shape[0], 2), dtype, 24)
    r = th.linalg.lstsq(to_th(a, "transposed"), to_th(b), driver=driver)
    t = torch.linalg.lstsq(torch.from_numpy(a), torch.from_numpy(b), driver=driver)
    expected = np.stack([np.linalg.lstsq(a[i], b[i], rcond=None)[0] for i in range(2)])
    assert_close(r.solution, expected, dtype, cond=1e2)
    for ours, theirs in zip(r, t):
        assert ours.shape == tuple(theirs.shape), (ours.shape, theirs.shape)
        assert ours.dtype is {v: k for k, v in TORCH.items()}[theirs.dtype]
    if r.residuals.numel():
        np.testing.assert_allclose(np_of(r.residuals), t.residuals.numpy(), rtol=tol(dtype, 1e3))
    if r.rank.numel():
        assert r.rank.tolist() == t.rank.tolist()


def test_pinv_and_matrix_rank():
    a = random_matrix((3, 5, 4), th.float64, 25)
    a[1, :, 3] = a[1, :, 0]  # rank 3
    A = to_th(a)
    assert_close(th.linalg.pinv(A), np.linalg.pinv(a), th.float64, cond=1e4)
    assert th.linalg.matrix_rank(A).tolist() == [4, 3, 4]
    assert th.linalg.matrix_rank(A).dtype is th.int64
    c = random_matrix((4, 3), th.complex128, 26)
    assert_close(th.linalg.pinv(to_th(c)), np.linalg.pinv(c), th.complex128, cond=1e2)
    h = random_matrix((4, 4), th.float64, 27, "hpd")
    assert th.linalg.matrix_rank(to_th(h), hermitian=True).item() == 4


@pytest.mark.parametrize("layout", ["row-major", "column-major"])
def test_info_of_a_singular_matrix_names_torchs_pivot_whatever_the_layout(layout):
    """A row-major A is factored as A^T, whose first zero pivot is another (1 for a zero
    first row, where A's is 3): the fuzzer found solve_ex's and inv_ex's info (and the
    errors' 'diagonal element') 1 where torch's is 3."""
    a = np.array([[0.0, 0.0, 0.0], [-0.035, 1.75, 0.018], [0.017, -0.34, 2.2]])
    a = np.stack([a, np.eye(3), a[[1, 0, 2]]])
    ours, theirs = th.tensor(a), torch.tensor(a)
    if layout == "column-major":
        ours, theirs = ours.mT.contiguous().mT, theirs.mT.contiguous().mT
    b = np.ones((3, 3, 2))
    for name in ("solve_ex", "inv_ex"):
        args = ((ours, th.tensor(b)), (theirs, torch.tensor(b))) if name == "solve_ex" \
            else ((ours,), (theirs,))
        got = getattr(th.linalg, name)(*args[0]).info.tolist()
        assert got == getattr(torch.linalg, name)(*args[1]).info.tolist() == [3, 0, 3]
    with pytest.raises(th.linalg.LinAlgError, match="diagonal element 3 is zero"):
        th.linalg.inv(ours[0])
    # X A = B: torch's info is A's LU's too (the fuzzer found th's A^T's: 3 for torch's 4)
    a = a.swapaxes(-1, -2)
    ours, theirs = th.tensor(a), torch.tensor(a)
    if layout == "column-major":
        ours, theirs = ours.mT.contiguous().mT, theirs.mT.contiguous().mT
    b = np.ones((3, 2, 3))
    got = th.linalg.solve_ex(ours, th.tensor(b), left=False).info.tolist()
    assert got == torch.linalg.solve_ex(theirs, torch.tensor(b), left=False).info.tolist()
    assert got == th.linalg.lu_factor_ex(ours).info.tolist()


# ------------------------------------------------------------------ norms
@pytest.mark.parametrize("ord", [2, 1, math.inf, -math.inf, 0, 3, 0.5])
def test_vector_norm_matches_torch(ord):
    x = random_matrix((3, 4), th.float64, 28)
    got = th.linalg.vector_norm(to_th(x), ord)
    np.testing.assert_allclose(got.item(), torch.linalg.vector_norm(torch.from_numpy(x), ord).item())
    got = th.linalg.vector_norm(to_th(x), ord, dim=1, keepdim=True)
    expected = torch.linalg.vector_norm(torch.from_numpy(x), ord, dim=1, keepdim=True)
    assert got.shape == tuple(expected.shape)
    np.testing.assert_allclose(np_of(got), expected.numpy())
    c = random_matrix((5,), th.complex64, 29)
    assert th.linalg.vector_norm(to_th(c)).dtype is th.float32


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
def test_matrix_norm_and_cond_match_torch(ord):
    a = random_matrix((2, 4, 4), th.float64, 30)
    got = th.linalg.matrix_norm(to_th(a), ord)
    np.testing.assert_allclose(np_of(got), torch.linalg.matrix_norm(torch.from_numpy(a), ord).numpy())
    np.testing.assert_allclose(np_of(th.linalg.cond(to_th(a), None if ord == 2 else ord)),
                                   torch.linalg.cond(torch.from_numpy(a),
                                                     None if ord == 2 else ord).numpy(), rtol=1e-10)
    np.testing.assert_allclose(th.linalg.norm(to_th(a[0])).item(),
                               torch.linalg.norm(torch.from_numpy(a[0])).item())


@pytest.mark.parametrize("kw", [{}, {"keepdim": True}, {"dim": ()}, {"dim": (), "keepdim": True},
                                {"dim": 0, "keepdim": True}])
def test_vector_norm_of_a_0_dim_tensor_is_0_dim_as_torch(kw):
    """keepdim keeps no dims of a 0-dim input (the fuzzer found th's shape (1,))."""
    got = th.linalg.vector_norm(th.tensor(-3.0), 3, **kw)
    expected = torch.linalg.vector_norm(torch.tensor(-3.0), 3, **kw)
    assert got.shape == tuple(expected.shape) == ()
    assert got.item() == expected.item()


@pytest.mark.parametrize("shape, dim", [((0, 5), 0), ((0,), None), ((2, 0), (1,)), ((0, 2), 1)])
@pytest.mark.parametrize("ord", [math.inf, -math.inf, -1, -0.5, 0, 0.5, 1, 2])
def test_vector_norm_of_an_empty_reduction_is_torchs(shape, dim, ord):
    """An ord with no identity (negative, +-inf) over an empty dim is refused, as torch
    refuses it (the fuzzer found th giving inf for ord=-1); the others give 0."""
    try:
        expected = torch.linalg.vector_norm(torch.ones(shape, dtype=torch.float64), ord, dim)
    except RuntimeError as e:
        with pytest.raises(RuntimeError, match=str(e)[-40:]):
            th.linalg.vector_norm(th.ones(shape, dtype=th.float64), ord, dim)
        return
    got = th.linalg.vector_norm(th.ones(shape, dtype=th.float64), ord, dim)
    assert got.shape == tuple(expected.shape)
    np.testing.assert_array_equal(np_of(got), expected.numpy())


@pytest.mark.parametrize("ord", [2, 3, 1, math.inf])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_vector_norm_of_a_half_type_computes_in_float32_as_torch(ord, dtype):
    """The fuzzer found th's float16 2-norm of 4006 infinite (4006^2 overflows float16)
    and its bfloat16 3-norm of 4006 rounded per power (4064 for torch's 4000)."""
    x = [[4006.0, 1.0, -3.5], [0.25, 0.0, 200.0]]
    got = th.linalg.vector_norm(th.tensor(x).to(getattr(th, dtype)), ord, dim=1)
    expected = torch.linalg.vector_norm(torch.tensor(x).to(getattr(torch, dtype)), ord, dim=1)
    assert str(got.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1]
    assert got.float().tolist() == expected.float().tolist()


def test_matrix_norm_refuses_integers_as_torch():
    """The fuzzer found th computing an int64 matrix_norm torch refuses."""
    with pytest.raises(RuntimeError, match="Expected a floating point or complex tensor"):
        th.linalg.matrix_norm(th.ones(2, 2, dtype=th.int64), 1)


@pytest.mark.parametrize("shape", [(2, 0, 1), (0, 3), (3, 0), (0, 0), (2, 1, 0)])
@pytest.mark.parametrize("ord", [1, -1, math.inf, -math.inf, 2, -2, "nuc"])
def test_matrix_norm_of_an_empty_matrix_is_torchs(shape, ord):
    """The largest of no row (column) sums is 0, as torch's (the fuzzer found th refusing
    ord=inf of a (2, 0, 1) batch); the smallest of none is refused by both."""
    try:
        expected = torch.linalg.matrix_norm(torch.ones(shape, dtype=torch.float64), ord)
    except IndexError:
        with pytest.raises(IndexError, match="non-zero size"):
            th.linalg.matrix_norm(th.ones(shape, dtype=th.float64), ord)
        return
    got = th.linalg.matrix_norm(th.ones(shape, dtype=th.float64), ord)
    assert got.shape == tuple(expected.shape)
    np.testing.assert_array_equal(np_of(got), expected.numpy())


def test_matrix_power_multi_dot_cross():
    a = random_matrix((2, 3, 3), th.float64, 31)
    for n in (0, 1, 2, 5, -1, -3):
        np.testing.assert_allclose(np_of(th.linalg.matrix_power(to_th(a), n)),
                                   np.linalg.matrix_power(a, n), rtol=1e-9, atol=1e-9)
    m = [random_matrix(s, th.float64, i) for i, s in enumerate([(3,), (3, 4), (4, 2), (2,)])]
    np.testing.assert_allclose(th.linalg.multi_dot([to_th(x) for x in m]).item(),
                               np.linalg.multi_dot(m))
    x, y = random_matrix((4, 3), th.float64, 32), random_matrix((1, 3), th.float64, 33)
    np.testing.assert_allclose(np_of(th.linalg.cross(to_th(x), to_th(y))), np.cross(x, y))
    with pytest.raises(th.Error, match="must have length 3"):
        th.linalg.cross(th.ones(2, 2), th.ones(2, 2))


# ----------------------------------------------------------- hypothesis
@SETTINGS
@given(batch=st.lists(st.integers(0, 3), max_size=2), n=st.integers(0, 6),
       k=st.integers(0, 3), dtype=st.sampled_from(DTYPES), layout=st.sampled_from(LAYOUTS),
       seed=st.integers(0, 1000))
def test_solve_inv_cholesky_over_shapes(batch, n, k, dtype, layout, seed):
    shape = tuple(batch) + (n, n)
    a = random_matrix(shape, dtype, seed, "hpd")
    b = random_matrix(tuple(batch) + (n, k), dtype, seed + 1)
    A, B = to_th(a, layout), to_th(b, layout)
    cond = float(np.max(np.linalg.cond(a))) if a.size else 1.0
    if a.size:
        assert_close(th.linalg.solve(A, B), np.linalg.solve(a, b), dtype, cond)
        assert_close(th.linalg.inv(A), np.linalg.inv(a), dtype, cond)
        assert_close(th.linalg.cholesky(A), np.linalg.cholesky(a), dtype, cond)
    else:
        assert th.linalg.solve(A, B).shape == b.shape
        assert th.linalg.inv(A).shape == a.shape


# -------------------------------------------------- ownership and the C API
def test_results_are_private_and_inputs_unchanged():
    a = random_matrix((3, 3), th.float64, 40)
    A = to_th(a, "transposed")
    before = np_of(A).copy()
    for f in (th.linalg.inv, th.linalg.cholesky, th.linalg.det, th.linalg.qr, th.linalg.svd):
        r = f(to_th(random_matrix((3, 3), th.float64, 41, "hpd"))) if f is th.linalg.cholesky \
            else f(A)
        for t in (r if isinstance(r, tuple) else (r,)):
            assert t.refcount == 1
    np.testing.assert_array_equal(np_of(A), before)


def test_results_in_place_and_into_given_tensors():
    """The C functions take caller-given results: resized to torch's layout
    when their shape differs, written as they lie when it matches, and the
    input itself (in place)."""
    a = random_matrix((4, 4), th.float64, 42)
    A = to_th(a)
    inverse, info = _lapack.getri(A)
    np.testing.assert_allclose(np_of(inverse), np.linalg.inv(a), rtol=1e-10)
    assert inverse.stride() == (1, 4)
    live = th.debug.live()
    for _ in range(3):
        th.linalg.inv(A)
        th.linalg.solve(A, A)
        th.linalg.svd(A)
    assert th.debug.live() == live


def test_linalg_md_c_example_compiles_and_runs(tmp_path):
    """docs/LINALG.md's C program: gesv into given results, all freed."""
    import os
    import subprocess

    import doc_examples
    from helpers import ROOT, build_c_program

    (block,) = doc_examples.code_blocks(os.path.join(ROOT, "docs", "LINALG.md"), "c")
    source = tmp_path / "linalg.c"
    source.write_text(block.code)
    binary = build_c_program(str(source), tmp_path / "linalg")
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "0.0909 0.6364 0\n", "")


# ------------------------------------------------ the C API through ctypes
def _lib(*extra):
    """libTH.so through ctypes.PyDLL: th's handler turns a C error into the
    Python exception, which PyDLL raises (tests/core/test_c_api_coverage.py).
    extra: more (name, argument types) of functions returning int."""
    import ctypes
    import os
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    P, I = ctypes.c_void_p, ctypes.c_int
    for name, args in [("THTensor_getri", [P, P, P]), ("THTensor_potrf", [P, P, P, I]),
                       ("THTensor_gesv", [P, P, P, P, P, P]), ("THTensor_getrf", [P, P, P, P]),
                       *extra]:
        getattr(lib, name).argtypes, getattr(lib, name).restype = args, I
    return lib


def _ptr(t):
    from th import _testcapi
    return None if t is None else _testcapi.tensor_address(t)


def test_c_results_in_place_as_they_lie_and_aside():
    lib = _lib()
    a = random_matrix((2, 3, 3), th.float64, 50)
    expected = np.linalg.inv(a)
    # in place: a column-major input is its own result
    A = to_th(a, "transposed")
    storage = A.storage().data_ptr()
    assert lib.THTensor_getri(_ptr(A), None, _ptr(A)) == 0
    assert A.storage().data_ptr() == storage and A.stride() == (9, 1, 3)
    np.testing.assert_allclose(np_of(A), expected, rtol=1e-12)
    # a row-major result of the shape: written as it lies
    r = th.zeros(2, 3, 3, dtype=th.float64)
    assert lib.THTensor_getri(_ptr(r), None, _ptr(to_th(a))) == 0
    assert r.stride() == (9, 3, 1)
    np.testing.assert_allclose(np_of(r), expected, rtol=1e-12)
    # a result of another shape: resized to torch's layout
    r = th.zeros(5, dtype=th.float64)
    assert lib.THTensor_getri(_ptr(r), None, _ptr(to_th(a))) == 0
    assert r.shape == (2, 3, 3) and r.stride() == (9, 1, 3)
    # a result over the input's storage but not the input: computed aside
    big = th.from_numpy(np.concatenate([a.reshape(-1), np.zeros(18)]))
    A, r = big[:18].view(2, 3, 3), big[18:].view(2, 3, 3)
    assert lib.THTensor_getri(_ptr(r), None, _ptr(A)) == 0
    np.testing.assert_allclose(np_of(r), expected, rtol=1e-12)
    np.testing.assert_array_equal(np_of(A), a)
    # gesv's optional LU and pivots results
    lu, piv, x = th.empty(0, dtype=th.float64), th.empty(0, dtype=th.int32), th.empty(0, dtype=th.float64)
    b = to_th(random_matrix((2, 3, 1), th.float64, 51))
    assert lib.THTensor_gesv(_ptr(x), _ptr(lu), _ptr(piv), None, _ptr(b), _ptr(to_th(a))) == 0
    l2, p2, _ = _lapack.getrf(to_th(a))
    assert np_of(piv).tolist() == np_of(p2).tolist()
    np.testing.assert_allclose(np_of(lu), np_of(l2))
    np.testing.assert_allclose(np_of(x), np.linalg.solve(a, np_of(b)), rtol=1e-12)


def test_c_errors_free_what_they_took():
    lib = _lib()
    live = th.debug.live()
    a = th.tensor([[[1.0, 0], [0, 1]], [[1.0, 0], [0, -1]]])
    r = th.empty(0)
    with pytest.raises(RuntimeError, match=r"THTensor_potrf: \(Batch element 1\): The "
                                           r"factorization could not be completed"):
        lib.THTensor_potrf(_ptr(r), None, _ptr(a), 0)
    with pytest.raises(ValueError, match="THTensor_getri: A is NULL"):
        lib.THTensor_getri(_ptr(r), None, None)
    with pytest.raises(ValueError, match="the inverse is NULL"):
        lib.THTensor_getri(None, None, _ptr(a))
    doubles, floats, longs, wide = (th.empty(0, dtype=th.float64), th.empty(0),
                                    th.ones(2, 2, dtype=th.int64), th.ones(2, 3))
    shared = th.zeros(2).expand(2, 2, 2)
    with pytest.raises(RuntimeError, match="Expected the inverse to have dtype float32, but "
                                           "got float64"):
        lib.THTensor_getri(_ptr(doubles), None, _ptr(a))
    with pytest.raises(RuntimeError, match="Expected info to have dtype int32"):
        lib.THTensor_getri(_ptr(r), _ptr(floats), _ptr(a))
    with pytest.raises(TypeError, match="Expected a floating point or complex tensor"):
        lib.THTensor_getri(_ptr(r), None, _ptr(longs))
    with pytest.raises(RuntimeError, match="must be batches of square matrices"):
        lib.THTensor_getri(_ptr(r), None, _ptr(wide))
    with pytest.raises(RuntimeError, match="elements that share memory"):
        lib.THTensor_getri(_ptr(shared), None, _ptr(a))
    del a, r, doubles, floats, longs, wide, shared
    assert th.debug.live() == live


@SETTINGS
@given(batch=st.lists(st.integers(0, 3), max_size=2), m=st.integers(0, 6), n=st.integers(0, 6),
       dtype=st.sampled_from(DTYPES), layout=st.sampled_from(LAYOUTS), seed=st.integers(0, 1000))
def test_decompositions_over_shapes(batch, m, n, dtype, layout, seed):
    """qr, svd, eigh, lu_factor and lstsq: torch's shapes, and values that
    rebuild the input (numpy's for the invariant parts)."""
    a = random_matrix(tuple(batch) + (m, n), dtype, seed)
    A, T = to_th(a, layout), torch.from_numpy(a)
    for mode in ("reduced", "complete"):
        Q, R = th.linalg.qr(A, mode=mode)
        tq, tr = torch.linalg.qr(T, mode=mode)
        assert (Q.shape, R.shape) == (tuple(tq.shape), tuple(tr.shape))
        if a.size:
            np.testing.assert_allclose(np_of(Q) @ np_of(R), a, atol=tol(dtype, 10) * 10)
    U, S, Vh = th.linalg.svd(A, full_matrices=False)
    tu, ts, tvh = torch.linalg.svd(T, full_matrices=False)
    assert (U.shape, S.shape, Vh.shape) == (tuple(tu.shape), tuple(ts.shape), tuple(tvh.shape))
    if a.size:
        np.testing.assert_allclose(np_of(S), np.linalg.svd(a, compute_uv=False),
                                   atol=tol(dtype, 10) * 10)
    LU, piv, _ = th.linalg.lu_factor_ex(A)
    assert (LU.shape, piv.shape) == tuple(tuple(x.shape) for x in torch.linalg.lu_factor_ex(T)[:2])
    if m == n:
        h = random_matrix(tuple(batch) + (n, n), dtype, seed, "hpd")
        w = th.linalg.eigvalsh(to_th(h, layout))
        if h.size:
            np.testing.assert_allclose(np_of(w), np.linalg.eigvalsh(h),
                                       rtol=tol(dtype, 1e2), atol=tol(dtype, 1e2) * n * 10)
        assert w.shape == tuple(torch.linalg.eigvalsh(torch.from_numpy(h)).shape)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("upper", [False, True])
def test_pstrf_pivoted_cholesky(dtype, upper):
    """TH's pstrf: P^T A P = L L^H with the rank of a semidefinite A."""
    g = random_matrix((2, 5, 3), dtype, 61)
    a = g @ np.conj(np.swapaxes(g, -1, -2))  # rank 3
    c, piv, rank = _lapack.pstrf(to_th(a, "strided"), upper)
    assert rank.tolist() == [3, 3] and piv.dtype is th.int32
    cc, p = np_of(c), np_of(piv) - 1
    for i in range(2):
        f = np.conj(cc[i].T) @ cc[i] if upper else cc[i] @ np.conj(cc[i].T)
        np.testing.assert_allclose(f, a[i][np.ix_(p[i], p[i])], atol=tol(dtype, 1e3) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scale", [0.1, 1, 8])  # exp(8 * ...) stays within float32
def test_matrix_exp_matches_scipy(dtype, scale):
    a = random_matrix((2, 4, 4), dtype, 70) * scale
    expected = np.stack([scipy.linalg.expm(m.astype(np.complex128 if dtype.is_complex else
                                                    np.float64)) for m in a])
    got = th.linalg.matrix_exp(to_th(a, "transposed"))
    assert got.dtype is dtype and got.shape == a.shape
    rel = np.max(np.abs(np_of(got) - expected)) / np.max(np.abs(expected))
    assert rel < tol(dtype, 1e3 if scale == 8 else 10)
    assert th.linalg.matrix_exp(th.zeros(0, 0)).shape == (0, 0)

"""TH v0.4's typed LAPACK functions (THFloatTensor_gesv, ... 18 of them,
Float and Double) against numpy/scipy, up to the signs of eigenvectors and
singular vectors: TH's result layouts (column-major where TH's
cloneColumnMajor made them), TH's errors (a singular matrix, a bad shape,
an illegal LAPACK argument) as exceptions through th.legacy.call."""
import ctypes
from ctypes import c_double, c_float, c_int, c_void_p as P

import numpy as np
import pytest
import scipy.linalg

import th
import shim
from legacy_capi import legacy_fn

REALS = {"Float": (np.float32, th.float32, c_float, 2e-4),
         "Double": (np.float64, th.float64, c_double, 1e-10)}


def fn(real, name, *argtypes, restype=None):
    return legacy_fn(f"TH{real}Tensor_{name}", restype, *argtypes)


def T(a, real):
    return th.tensor(np.asarray(a).tolist(), dtype=REALS[real][1])


def ints(a):
    return th.tensor(np.asarray(a).tolist(), dtype=th.int32)


def N(t):
    return np.array(t.tolist())


def s(text):
    return ctypes.create_string_buffer(text)


def empty(real):
    return th.empty(0, dtype=REALS[real][1])


def close(real, got, want, scale=1):
    tol = REALS[real][3] * scale
    np.testing.assert_allclose(np.asarray(got), want, rtol=tol, atol=tol)


def colmajor(t):
    return t.stride()[0] == 1 and t.stride()[1] == t.shape[0]


rng = np.random.default_rng(11)
A = rng.standard_normal((4, 4)) + 4 * np.eye(4)
B = rng.standard_normal((4, 3))
SPD = A @ A.T + np.eye(4)


@pytest.mark.parametrize("real", REALS)
def test_gesv(real):
    gesv = fn(real, "gesv", P, P, P, P)
    rb, ra = empty(real), empty(real)
    gesv(rb, ra, T(B, real), T(A, real))
    close(real, N(rb), np.linalg.solve(A, B))
    assert rb.shape == (4, 3) and colmajor(rb) and colmajor(ra)
    lu, _ = scipy.linalg.lu_factor(A)
    close(real, N(ra), lu)
    # a 1-d B: the result is n x 1, as TH's
    gesv(rb, ra, T(B[:, 0], real), T(A, real))
    assert rb.shape == (4, 1)
    close(real, N(rb)[:, 0], np.linalg.solve(A, B[:, 0]))
    # NULL inputs: rb_ and ra_ are B and A, solved in place as they lie
    rb, ra = T(B, real), T(A, real)
    gesv(rb, ra, None, None)
    close(real, N(rb), np.linalg.solve(A, B))
    assert rb.stride() == (3, 1)
    with pytest.raises(RuntimeError, match=r"gesv : U\(2,2\) is zero, singular U"):
        gesv(rb, ra, T([[1.0], [2.0]], real), T([[1.0, 2.0], [2.0, 4.0]], real))
    with pytest.raises(RuntimeError, match="A should be square"):
        gesv(rb, ra, T(B, real), T(A[:, :3], real))
    with pytest.raises(RuntimeError, match="A,B size incompatible"):
        gesv(rb, ra, T(B[:3], real), T(A, real))
    with pytest.raises(RuntimeError, match="A should have 2 dimensions"):
        gesv(rb, ra, T(B, real), T(A[0], real))
    with pytest.raises(RuntimeError, match="not a THFloatTensor|not a THDoubleTensor"):
        gesv(rb, ra, th.tensor(B.tolist(), dtype=th.int32), T(A, real))


@pytest.mark.parametrize("real", REALS)
def test_trtrs(real):
    rb, ra = empty(real), empty(real)
    for uplo, trans, diag in [(b"U", b"N", b"N"), (b"L", b"T", b"N"), (b"u", b"n", b"U")]:
        shim.call(f"shim_{real}_trtrs", [], [], [rb, ra, T(B, real), T(A, real)], uplo, trans,
                  diag)
        tri = np.triu(A) if uplo in b"Uu" else np.tril(A)
        if diag == b"U":
            np.fill_diagonal(tri, 1)
        op = tri.T if trans == b"T" else tri
        close(real, N(rb), np.linalg.solve(op, B), 10)
        close(real, N(ra), A)  # TH's ra_: A's copy, column-major
        assert colmajor(rb) and colmajor(ra)
    Z = A.copy()
    Z[2, 2] = 0
    with pytest.raises(RuntimeError, match=r"trtrs : A\(3,3\) is zero, singular A"):
        shim.call(f"shim_{real}_trtrs", [], [], [rb, ra, T(B, real), T(Z, real)], b"U", b"N",
                  b"N")
    with pytest.raises(RuntimeError, match="trtrs : Illegal Argument 2"):
        shim.call(f"shim_{real}_trtrs", [], [], [rb, ra, T(B, real), T(A, real)], b"U", b"X",
                  b"N")


@pytest.mark.parametrize("real", REALS)
@pytest.mark.parametrize("m,n", [(6, 3), (3, 5)])
def test_gels(real, m, n):
    gels = fn(real, "gels", P, P, P, P)
    a, b = rng.standard_normal((m, n)), rng.standard_normal((m, 2))
    rb, ra = empty(real), empty(real)
    gels(rb, ra, T(b, real), T(a, real))
    assert rb.shape == (max(m, n), 2) and ra.shape == (m, n) and colmajor(rb) and colmajor(ra)
    close(real, N(rb)[:n], np.linalg.lstsq(a, b, rcond=None)[0], 10)
    if m > n:  # the rest of B's rows: the residual's squared norm
        close(real, (N(rb)[n:] ** 2).sum(0), np.linalg.lstsq(a, b, rcond=None)[1], 10)
    # B as the result: grown to n rows when m < n
    rb = T(b, real)
    gels(rb, ra, None, T(a, real))
    assert rb.shape == (max(m, n), 2)
    close(real, N(rb)[:n], np.linalg.lstsq(a, b, rcond=None)[0], 10)
    deficient = a.copy()
    if m > n:
        deficient[:, 1] = 0  # R(2,2) exactly 0
    else:
        deficient[1] = 0  # L(2,2) exactly 0
    with pytest.raises(RuntimeError, match="gels : The 2-th diagonal element of the triangular"):
        gels(rb, ra, T(b, real), T(deficient, real))


@pytest.mark.parametrize("real", REALS)
def test_syev(real):
    syev = fn(real, "syev", P, P, P, P, P)
    re, rv = empty(real), empty(real)
    syev(re, rv, T(SPD, real), s(b"V"), s(b"U"))
    w = np.linalg.eigvalsh(SPD)
    close(real, N(re), w, 100)
    v = N(rv)
    assert colmajor(rv)
    close(real, SPD @ v, v * N(re), 1000)
    syev(re, rv, T(np.triu(SPD), real), s(b"N"), s(b"U"))  # only U's triangle is read
    close(real, N(re), w, 100)
    assert not N(rv).any()  # TH: no eigenvectors asked, rv_ zeroed
    with pytest.raises(RuntimeError, match="syev : Illegal Argument 1"):
        syev(re, rv, T(SPD, real), s(b"Q"), s(b"U"))
    with pytest.raises(RuntimeError, match="A should be square"):
        syev(re, rv, T(B, real), s(b"V"), s(b"U"))


@pytest.mark.parametrize("real", REALS)
def test_geev(real):
    geev = fn(real, "geev", P, P, P, P)
    M = np.array([[0.0, -2.0, 0.0], [2.0, 0.0, 0.0], [0.0, 0.0, 3.0]]) + 0.1 * A[:3, :3]
    re, rv = empty(real), empty(real)
    geev(re, rv, T(M, real), s(b"V"))
    e = N(re)
    assert re.shape == (3, 2) and rv.shape == (3, 3) and colmajor(rv)
    lam = e[:, 0] + 1j * e[:, 1]
    want = np.sort_complex(np.linalg.eigvals(M))
    close(real, np.sort_complex(lam).real, want.real, 100)
    close(real, np.sort_complex(lam).imag, want.imag, 100)
    v = N(rv)
    j = 0
    while j < 3:  # LAPACK's packing: a pair j, j+1 is columns j +- i column j+1
        if e[j, 1] == 0:
            close(real, M @ v[:, j], lam[j] * v[:, j], 100)
            j += 1
        else:
            x = v[:, j] + 1j * v[:, j + 1]
            close(real, M @ x, lam[j] * x, 100)
            close(real, M @ x.conj(), lam[j + 1] * x.conj(), 100)
            j += 2
    rv2 = T(np.ones((2, 2)), real)
    geev(re, rv2, T(M, real), s(b"N"))
    assert N(rv2).tolist() == [[1, 1], [1, 1]]  # not computed: left alone
    with pytest.raises(RuntimeError, match="geev : Illegal Argument 2"):
        geev(re, rv, T(M, real), s(b"X"))


@pytest.mark.parametrize("real", REALS)
@pytest.mark.parametrize("m,n", [(5, 3), (3, 5)])
def test_gesvd(real, m, n):
    a = rng.standard_normal((m, n))
    k = min(m, n)
    ru, rs, rv, ra = empty(real), empty(real), empty(real), empty(real)
    fn(real, "gesvd", P, P, P, P, P)(ru, rs, rv, T(a, real), s(b"S"))
    assert ru.shape == (m, k) and rs.shape == (k,) and rv.shape == (n, k) and colmajor(ru)
    close(real, N(rs), np.linalg.svd(a, compute_uv=False), 10)
    close(real, N(ru) @ np.diag(N(rs)) @ N(rv).T, a, 10)
    fn(real, "gesvd2", P, P, P, P, P, P)(ru, rs, rv, ra, T(a, real), s(b"A"))
    assert ru.shape == (m, m) and rv.shape == (n, n) and ra.shape == (m, n) and colmajor(ra)
    close(real, N(ru).T @ N(ru), np.eye(m), 10)
    close(real, N(rv).T @ N(rv), np.eye(n), 10)
    close(real, (N(ru)[:, :k] * N(rs)) @ N(rv)[:, :k].T, a, 10)
    # rv_ is V as TH copied it: its layout kept when it had the shape
    assert rv.stride() == (n, 1)
    with pytest.raises(RuntimeError, match="gesvd : Illegal Argument 1"):
        fn(real, "gesvd", P, P, P, P, P)(ru, rs, rv, T(a, real), s(b"Z"))


@pytest.mark.parametrize("real", REALS)
def test_getri_potrf_potrs_potri(real):
    ra = empty(real)
    fn(real, "getri", P, P)(ra, T(A, real))
    close(real, N(ra), np.linalg.inv(A), 10)
    assert colmajor(ra)
    with pytest.raises(RuntimeError, match=r"getrf : U\(2,2\) is 0, U is singular"):
        fn(real, "getri", P, P)(ra, T([[1.0, 2.0], [2.0, 4.0]], real))
    for uplo in (b"U", b"L"):
        c = empty(real)
        fn(real, "potrf", P, P, P)(c, T(SPD, real), s(uplo))
        f = N(c)
        assert colmajor(c)
        if uplo == b"U":
            assert np.allclose(f, np.triu(f))
            close(real, f.T @ f, SPD, 100)
        else:
            assert np.allclose(f, np.tril(f))
            close(real, f @ f.T, SPD, 100)
        rb = empty(real)
        fn(real, "potrs", P, P, P, P)(rb, T(B, real), c, s(uplo))
        close(real, N(rb), np.linalg.solve(SPD, B), 100)
        assert colmajor(rb)
        inv = empty(real)
        fn(real, "potri", P, P, P)(inv, c, s(uplo))
        close(real, N(inv), np.linalg.inv(SPD), 100)
    with pytest.raises(RuntimeError, match="potrf : the leading minor of order 1 is not"):
        fn(real, "potrf", P, P, P)(ra, T(-SPD, real), s(b"U"))
    with pytest.raises(RuntimeError, match="potrf : Illegal Argument 1"):
        fn(real, "potrf", P, P, P)(ra, T(SPD, real), s(b"X"))
    with pytest.raises(RuntimeError, match=r"potri : A\(2,2\) is 0"):
        fn(real, "potri", P, P, P)(ra, T([[1.0, 0.0], [0.0, 0.0]], real), s(b"U"))


@pytest.mark.parametrize("real", REALS)
def test_pstrf(real):
    pstrf = fn(real, "pstrf", P, P, P, P, REALS[real][2])
    ra, piv = empty(real), th.empty(0, dtype=th.int32)
    pstrf(ra, piv, T(SPD, real), s(b"U"), -1)
    u, p = N(ra), N(piv).astype(int) - 1  # LAPACK's 1-based pivots, as TH returned them
    assert np.allclose(u, np.triu(u)) and sorted(p) == [0, 1, 2, 3] and colmajor(ra)
    close(real, u.T @ u, SPD[np.ix_(p, p)], 100)
    with pytest.raises(RuntimeError, match="pstrf : matrix is rank deficient"):
        pstrf(ra, piv, T(np.ones((3, 3)), real), s(b"L"), -1)


@pytest.mark.parametrize("real", REALS)
@pytest.mark.parametrize("m,n", [(5, 3), (3, 5)])
def test_qr_geqrf_orgqr_ormqr(real, m, n):
    a = rng.standard_normal((m, n))
    k = min(m, n)
    rq, rr = empty(real), empty(real)
    fn(real, "qr", P, P, P)(rq, rr, T(a, real))
    q, r = N(rq), N(rr)
    assert rq.shape == (m, k) and rr.shape == (k, n) and colmajor(rq)
    assert rr.stride() == (n, 1)  # TH's triu: R contiguous
    assert np.allclose(r, np.triu(r))
    close(real, q @ r, a, 10)
    close(real, q.T @ q, np.eye(k), 10)
    ra, tau = empty(real), empty(real)
    fn(real, "geqrf", P, P, P)(ra, tau, T(a, real))
    assert ra.shape == (m, n) and tau.shape == (k,) and colmajor(ra)
    close(real, np.triu(N(ra))[:k], r, 10)
    q2 = empty(real)
    fn(real, "orgqr", P, P, P)(q2, ra, tau)
    close(real, N(q2)[:, :k], q, 10)  # TH's orgqr(m, k, k): Q's first k columns
    if n > k:
        close(real, N(q2)[:, k:], N(ra)[:, k:])  # and A's other columns untouched
    c = rng.standard_normal((m, 2))
    rc = empty(real)
    fn(real, "ormqr", P, P, P, P, P, P)(rc, ra, tau, T(c, real), s(b"L"), s(b"T"))
    assert rc.shape == (m, 2) and colmajor(rc)
    close(real, N(rc)[:k], q.T @ c, 10)  # Q^T c: its first k rows are q^T c
    fn(real, "ormqr", P, P, P, P, P, P)(rc, ra, tau, rc, s(b"L"), s(b"N"))  # in place: Q Q^T c
    close(real, N(rc), c, 10)
    with pytest.raises(RuntimeError, match="ormqr : Illegal Argument 1"):
        fn(real, "ormqr", P, P, P, P, P, P)(rc, ra, tau, T(c, real), s(b"X"), s(b"T"))
    with pytest.raises(RuntimeError, match="A should have 2 dimensions"):
        fn(real, "qr", P, P, P)(rq, rr, T(a[0], real))
    with pytest.raises(RuntimeError, match="orgqr : Illegal Argument 2"):
        fn(real, "orgqr", P, P, P)(q2, T(a[:2, :2], real), T(np.ones(3), real))


@pytest.mark.parametrize("real", REALS)
def test_btrifact_btrisolve(real):
    batch = np.stack([A, A.T + np.eye(4), 2 * A])
    b = rng.standard_normal((3, 4, 2))
    ra, piv, info = empty(real), th.empty(0, dtype=th.int32), th.empty(0, dtype=th.int32)
    btrifact = fn(real, "btrifact", P, P, P, c_int, P)
    btrifact(ra, piv, info, 1, T(batch, real))
    assert ra.shape == (3, 4, 4) and piv.shape == (3, 4) and N(info).tolist() == [0, 0, 0]
    for i in range(3):
        lu, p = scipy.linalg.lu_factor(batch[i])
        close(real, N(ra)[i], lu, 10)
        assert (N(piv)[i] - 1).tolist() == p.tolist()
    rb = empty(real)
    btrisolve = fn(real, "btrisolve", P, P, P, P)
    btrisolve(rb, T(b, real), ra, piv)
    close(real, N(rb), np.linalg.solve(batch, b), 10)
    btrisolve(rb, T(b[:, :, 0], real), ra, piv)  # a 2-d b: one right-hand side each
    close(real, N(rb), np.linalg.solve(batch, b[:, :, :1])[:, :, 0], 10)
    sing = batch.copy()
    sing[1] = 0
    btrifact(ra, piv, info, 1, T(sing, real))
    assert N(info).tolist() == [0, 1, 0]
    with pytest.raises(RuntimeError, match=r"failed to factorize batch element 1 \(info == 1\)"):
        btrifact(ra, piv, None, 1, T(sing, real))
    with pytest.raises(RuntimeError, match="without pivoting is not implemented"):
        btrifact(ra, piv, info, 0, T(batch, real))
    with pytest.raises(RuntimeError, match="only implemented for square"):
        btrifact(ra, piv, info, 1, T(batch[:, :, :3], real))
    with pytest.raises(RuntimeError, match="number of batches must be equal"):
        btrisolve(rb, T(b[:2], real), ra, piv)
    with pytest.raises(RuntimeError, match="not contiguous"):
        btrisolve(rb, T(b, real), ra, ints(np.ones((4, 3))).t())
    with pytest.raises(Exception):  # pivots outside 1..n
        btrisolve(rb, T(b, real), T(batch, real), ints(np.full((3, 4), 9)))


def test_a_null_result_is_an_error():
    with pytest.raises(RuntimeError, match="ra_ is NULL"):
        fn("Double", "getri", P, P)(None, T(A, "Double"))


@pytest.mark.parametrize("real", REALS)
def test_in_place_forms_write_as_the_input_lies(real):
    # a NULL input is the result itself (TH's convention): the result keeps
    # its row-major layout, as TH copied its column-major work back into it
    ra = T(A, real)
    fn(real, "getri", P, P)(ra, None)
    assert ra.stride() == (4, 1)
    close(real, N(ra), np.linalg.inv(A), 10)
    ra = T(SPD, real)
    fn(real, "potrf", P, P, P)(ra, None, s(b"U"))
    assert ra.stride() == (4, 1)
    close(real, N(ra), np.linalg.cholesky(SPD).T, 100)
    fn(real, "potri", P, P, P)(ra, None, s(b"U"))
    close(real, N(ra), np.linalg.inv(SPD), 100)
    re, rv = empty(real), T(SPD, real)
    fn(real, "syev", P, P, P, P, P)(re, rv, None, s(b"V"), s(b"L"))
    assert rv.stride() == (4, 1)
    close(real, SPD @ N(rv), N(rv) * N(re), 1000)
    a = rng.standard_normal((5, 3))
    ra, tau = T(a, real), empty(real)
    fn(real, "geqrf", P, P, P)(ra, tau, None)
    fn(real, "orgqr", P, P, P)(ra, None, tau)
    assert ra.stride() == (3, 1)
    q = N(ra)  # Q's 3 columns: orthonormal, spanning a's
    close(real, q.T @ q, np.eye(3), 10)
    close(real, q @ (q.T @ a), a, 10)
    ru, rs, rv, ra = empty(real), empty(real), empty(real), T(a, real)
    fn(real, "gesvd2", P, P, P, P, P, P)(ru, rs, rv, ra, None, s(b"N"))
    close(real, N(rs), np.linalg.svd(a, compute_uv=False), 10)
    assert ra.stride() == (3, 1) and ru.shape == (5, 3) and rv.shape == (3, 3)
    assert not N(ru).any() and not N(rv).any()  # not computed: zeroed here (TH: garbage)
    rb, ra = T(B, real), T(A, real)
    shim.call(f"shim_{real}_trtrs", [], [], [rb, ra, None, None], b"L", b"N", b"U")
    L = np.tril(A, -1) + np.eye(4)
    close(real, N(rb), np.linalg.solve(L, B), 10)
    assert rb.stride() == (3, 1)
    close(real, N(ra), A)  # A is only read
    # btrifact of a itself, btrisolve into b itself
    batch = T(np.stack([A, 2 * A]), real)
    piv = th.empty(0, dtype=th.int32)
    fn(real, "btrifact", P, P, P, c_int, P)(batch, piv, None, 1, batch)
    close(real, N(batch)[1], scipy.linalg.lu_factor(2 * A)[0], 10)
    rb = T(np.stack([B, B]), real)
    fn(real, "btrisolve", P, P, P, P)(rb, rb, batch, piv)
    close(real, N(rb), np.linalg.solve(np.stack([A, 2 * A]), np.stack([B, B])), 10)


@pytest.mark.parametrize("real", REALS)
def test_results_of_another_shape_are_reshaped(real):
    # TH resized its results whatever they held: a 3-d result of another
    # shape becomes the column-major matrix
    rb, ra = T(np.ones((2, 2, 2)), real), T(np.ones(7), real)
    fn(real, "gesv", P, P, P, P)(rb, ra, T(B, real), T(A, real))
    assert rb.shape == (4, 3) and ra.shape == (4, 4) and colmajor(rb) and colmajor(ra)
    close(real, N(rb), np.linalg.solve(A, B))
    # a result that is one of the inputs of another role is read first
    a = T(A, real)
    fn(real, "gesv", P, P, P, P)(a, empty(real), T(B, real), a)
    close(real, N(a), np.linalg.solve(A, B))
    a = T(rng.standard_normal((4, 3)), real)
    a0 = N(a)
    rr = empty(real)
    fn(real, "qr", P, P, P)(a, rr, a)
    close(real, N(a) @ N(rr), a0, 10)

"""TH v0.4's typed BLAS (THFloatBlas_gemm, ...: the seven types), LAPACK
wrappers (THDoubleLapack_gesv, ...) and THLogAdd.h, against numpy/scipy.
gemm, gemv and ger take more arguments than th.legacy.call passes: they go
through tests/legacy/legacy_shim.c. The LAPACK wrappers never raise (their
errors are LAPACK's info, as in TH) and are called with plain ctypes."""
import ctypes
from ctypes import c_char, c_double, c_float, c_int, c_int64

import numpy as np
import pytest
import scipy.linalg

import shim
from legacy_capi import LIB, P, legacy_fn

TYPES = {"Float": np.float32, "Double": np.float64, "Byte": np.uint8, "Char": np.int8,
         "Short": np.int16, "Int": np.int32, "Long": np.int64}
SCALAR = {"Float": c_float, "Double": c_double, "Byte": ctypes.c_uint8, "Char": ctypes.c_int8,
          "Short": ctypes.c_int16, "Int": ctypes.c_int32, "Long": ctypes.c_int64}


def values(rng, name, shape):
    dt = TYPES[name]
    if np.dtype(dt).kind == "f":
        return rng.standard_normal(shape).astype(dt)
    return rng.integers(0, 6, shape).astype(dt)


def check(name, got, want):
    if np.dtype(TYPES[name]).kind == "f":
        tol = 1e-5 if name == "Float" else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    else:  # TH's integer loops wrap in the type
        assert np.array_equal(got, np.asarray(want).astype(np.int64).astype(TYPES[name]))


@pytest.mark.parametrize("name", TYPES)
def test_level1(name):
    rng = np.random.default_rng(1)
    S = SCALAR[name]
    x, y = values(rng, name, 12), values(rng, name, 12)
    x0, y0 = x.copy(), y.copy()
    legacy_fn(f"TH{name}Blas_swap", None, c_int64, P, c_int64, P, c_int64)(
        6, x.ctypes.data, 2, y.ctypes.data, 2)
    assert np.array_equal(x[::2], y0[::2]) and np.array_equal(y[::2], x0[::2])
    assert np.array_equal(x[1::2], x0[1::2])
    x, y = x0.copy(), y0.copy()
    legacy_fn(f"TH{name}Blas_copy", None, c_int64, P, c_int64, P, c_int64)(
        4, x.ctypes.data, 3, y.ctypes.data, 1)
    assert np.array_equal(y[:4], x0[::3][:4]) and np.array_equal(y[4:], y0[4:])
    y = y0.copy()
    legacy_fn(f"TH{name}Blas_axpy", None, c_int64, S, P, c_int64, P, c_int64)(
        12, 3, x.ctypes.data, 1, y.ctypes.data, 1)
    check(name, y, y0.astype(np.int64 if x.dtype.kind != "f" else np.float64)
          + 3 * x0.astype(np.int64 if x.dtype.kind != "f" else np.float64))
    x = x0.copy()
    legacy_fn(f"TH{name}Blas_scal", None, c_int64, S, P, c_int64)(6, 2, x.ctypes.data, 2)
    want = x0.astype(np.float64 if x.dtype.kind == "f" else np.int64)
    want[::2] *= 2
    check(name, x, want)
    x = x0.copy()
    legacy_fn(f"TH{name}Blas_scal", None, c_int64, S, P, c_int64)(12, 0, x.ctypes.data, 1)
    assert not x.any()
    d = legacy_fn(f"TH{name}Blas_dot", S, c_int64, P, c_int64, P, c_int64)(
        12, x0.ctypes.data, 1, y0.ctypes.data, 1)
    big = np.float64 if x0.dtype.kind == "f" else np.int64
    check(name, np.array([d], TYPES[name]), [np.dot(x0.astype(big), y0.astype(big))])


def test_integer_arithmetic_wraps():
    x = np.array([100, 100], np.int8)
    y = np.array([100, 100], np.int8)
    d = legacy_fn("THCharBlas_dot", ctypes.c_int8, c_int64, P, c_int64, P, c_int64)(
        2, x.ctypes.data, 1, y.ctypes.data, 1)
    assert d == np.int64(20000).astype(np.int8)
    big = np.array([2**62, 3], np.int64)
    legacy_fn("THLongBlas_scal", None, c_int64, c_int64, P, c_int64)(2, 4, big.ctypes.data, 1)
    assert big.tolist() == [0, 12]  # wraps, no signed overflow


def test_n_one_ignores_increments():
    # TH: n == 1 makes every increment 1 (so 0 or negative ones are harmless)
    x, y = np.array([1.0, 9.0]), np.array([2.0, 9.0])
    legacy_fn("THDoubleBlas_swap", None, c_int64, P, c_int64, P, c_int64)(
        1, x.ctypes.data, 0, y.ctypes.data, -5)
    assert x.tolist() == [2.0, 9.0] and y.tolist() == [1.0, 9.0]


def fortran(a):
    return np.asfortranarray(a)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("ta,tb", [(b"n", b"n"), (b"t", b"n"), (b"n", b"T"), (b"T", b"t")])
def test_gemm(name, ta, tb):
    rng = np.random.default_rng(2)
    m, n, k = 4, 3, 5
    a = fortran(values(rng, name, (k, m) if ta in b"tT" else (m, k)))
    b = fortran(values(rng, name, (n, k) if tb in b"tT" else (k, n)))
    c = fortran(values(rng, name, (m, n)))
    c0 = c.copy()
    big = np.float64 if c.dtype.kind == "f" else np.int64
    opa = a.T if ta in b"tT" else a
    opb = b.T if tb in b"tT" else b
    shim.call(f"shim_{name}_gemm", [ta[0], tb[0], m, n, k, a.shape[0], b.shape[0], m], [2, 3],
              [a, b, c])
    check(name, c, 2 * opa.astype(big) @ opb.astype(big) + 3 * c0.astype(big))
    # beta 0: c is not read (TH's loops and BLAS both overwrite)
    c[...] = c0
    shim.call(f"shim_{name}_gemm", [ta[0], tb[0], m, n, k, a.shape[0], b.shape[0], m], [1, 0],
              [a, b, c])
    check(name, c, opa.astype(big) @ opb.astype(big))


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("trans", [b"n", b"t", b"C"])
def test_gemv_and_ger(name, trans):
    rng = np.random.default_rng(3)
    m, n = 5, 3
    a = fortran(values(rng, name, (m, n)))
    opa = a if trans == b"n" else a.T
    x = values(rng, name, opa.shape[1] * 2)
    y = values(rng, name, opa.shape[0])
    y0 = y.copy()
    big = np.float64 if a.dtype.kind == "f" else np.int64
    shim.call(f"shim_{name}_gemv", [trans[0], m, n, m, 2, 1], [2, 3], [a, x, y])
    check(name, y, 2 * opa.astype(big) @ x[::2].astype(big) + 3 * y0.astype(big))
    u, v = values(rng, name, m), values(rng, name, n)
    a0 = a.copy()
    shim.call(f"shim_{name}_ger", [m, n, 1, 1, m], [2], [u, v, a])
    check(name, a, a0.astype(big) + 2 * np.outer(u.astype(big), v.astype(big)))


def test_blas_errors():
    a = np.zeros((4, 4))
    with pytest.raises(RuntimeError, match="lda should be at least"):
        shim.call("shim_Double_gemm", [ord("n"), ord("n"), 4, 4, 4, 2, 4, 4], [1, 0], [a, a, a])
    with pytest.raises(RuntimeError, match="ldc should be at least"):
        shim.call("shim_Int_gemm", [ord("n"), ord("n"), 4, 4, 4, 4, 4, 3], [1, 0],
                  [np.zeros(16, np.int32)] * 3)
    with pytest.raises(RuntimeError, match="trans should be"):
        shim.call("shim_Float_gemv", [ord("x"), 2, 2, 2, 1, 1], [1, 0],
                  [np.zeros(4, np.float32)] * 3)
    with pytest.raises(RuntimeError, match="lda should be at least"):
        shim.call("shim_Long_ger", [3, 2, 1, 1, 1], [1], [np.zeros(6, np.int64)] * 3)


# ------------------------------------------------------- LAPACK wrappers

def lapack(real, name, *argtypes):
    fn = getattr(LIB, f"TH{real}Lapack_{name}")
    fn.argtypes = list(argtypes)
    fn.restype = None
    return fn


IP = ctypes.POINTER(c_int)
DT = {"Float": np.float32, "Double": np.float64}
TOL = {"Float": 1e-4, "Double": 1e-11}


def ptr(a):
    return a.ctypes.data


@pytest.mark.parametrize("real", DT)
def test_lapack_solvers(real):
    dt, tol = DT[real], TOL[real]
    R = c_float if real == "Float" else c_double
    rng = np.random.default_rng(4)
    A = rng.standard_normal((4, 4)) + 4 * np.eye(4)
    B = rng.standard_normal((4, 2))
    info = c_int(-7)
    # gesv
    a, b, piv = fortran(A.astype(dt)), fortran(B.astype(dt)), np.zeros(4, np.int32)
    lapack(real, "gesv", c_int, c_int, P, c_int, P, P, c_int, IP)(
        4, 2, ptr(a), 4, ptr(piv), ptr(b), 4, ctypes.byref(info))
    assert info.value == 0
    np.testing.assert_allclose(b, np.linalg.solve(A, B), rtol=tol, atol=tol)
    # getrf, getrs, getri
    a, piv = fortran(A.astype(dt)), np.zeros(4, np.int32)
    lapack(real, "getrf", c_int, c_int, P, c_int, P, IP)(4, 4, ptr(a), 4, ptr(piv),
                                                         ctypes.byref(info))
    lu, piv_s, _ = scipy.linalg.lapack.dgetrf(A)
    np.testing.assert_allclose(a, lu, rtol=tol, atol=tol)
    assert (piv - 1).tolist() == piv_s.tolist()
    b = fortran(B.astype(dt))
    lapack(real, "getrs", c_char, c_int, c_int, P, c_int, P, P, c_int, IP)(
        b"T", 4, 2, ptr(a), 4, ptr(piv), ptr(b), 4, ctypes.byref(info))
    np.testing.assert_allclose(b, np.linalg.solve(A.T, B), rtol=tol, atol=tol)
    work = np.zeros(64, dt)
    lapack(real, "getri", c_int, P, c_int, P, P, c_int, IP)(4, ptr(a), 4, ptr(piv), ptr(work),
                                                            64, ctypes.byref(info))
    np.testing.assert_allclose(a, np.linalg.inv(A), rtol=tol * 10, atol=tol * 10)
    # trtrs on the upper triangle
    U = np.triu(A)
    a, b = fortran(A.astype(dt)), fortran(B.astype(dt))
    lapack(real, "trtrs", c_char, c_char, c_char, c_int, c_int, P, c_int, P, c_int, IP)(
        b"U", b"N", b"N", 4, 2, ptr(a), 4, ptr(b), 4, ctypes.byref(info))
    np.testing.assert_allclose(b, np.linalg.solve(U, B), rtol=tol, atol=tol)
    # potrf, potrs, potri, pstrf
    S = A @ A.T + np.eye(4)
    a = fortran(S.astype(dt))
    lapack(real, "potrf", c_char, c_int, P, c_int, IP)(b"L", 4, ptr(a), 4, ctypes.byref(info))
    L = np.tril(a)
    np.testing.assert_allclose(L @ L.T, S, rtol=tol * 10, atol=tol * 10)
    b = fortran(B.astype(dt))
    lapack(real, "potrs", c_char, c_int, c_int, P, c_int, P, c_int, IP)(
        b"L", 4, 2, ptr(a), 4, ptr(b), 4, ctypes.byref(info))
    np.testing.assert_allclose(b, np.linalg.solve(S, B), rtol=tol * 10, atol=tol * 10)
    lapack(real, "potri", c_char, c_int, P, c_int, IP)(b"L", 4, ptr(a), 4, ctypes.byref(info))
    np.testing.assert_allclose(np.tril(a), np.tril(np.linalg.inv(S)), rtol=tol * 10,
                               atol=tol * 10)
    a, piv, rank, work = fortran(S.astype(dt)), np.zeros(4, np.int32), c_int(), np.zeros(8, dt)
    lapack(real, "pstrf", c_char, c_int, P, c_int, P, IP, R, P, IP)(
        b"U", 4, ptr(a), 4, ptr(piv), ctypes.byref(rank), -1, ptr(work), ctypes.byref(info))
    Up, p = np.triu(a), piv - 1
    assert rank.value == 4 and info.value == 0
    np.testing.assert_allclose(Up.T @ Up, S[np.ix_(p, p)], rtol=tol * 10, atol=tol * 10)
    # a singular matrix is info > 0, not an error
    a = fortran(np.zeros((2, 2), dt))
    lapack(real, "getrf", c_int, c_int, P, c_int, P, IP)(2, 2, ptr(a), 2, ptr(piv),
                                                         ctypes.byref(info))
    assert info.value == 1


@pytest.mark.parametrize("real", DT)
def test_lapack_factorizations(real):
    dt, tol = DT[real], TOL[real]
    rng = np.random.default_rng(5)
    A = rng.standard_normal((5, 3))
    info = c_int(-7)
    work = np.zeros(512, dt)
    # gels: least squares
    B = rng.standard_normal((5, 2))
    a, b = fortran(A.astype(dt)), fortran(B.astype(dt))
    lapack(real, "gels", c_char, c_int, c_int, c_int, P, c_int, P, c_int, P, c_int, IP)(
        b"N", 5, 3, 2, ptr(a), 5, ptr(b), 5, ptr(work), 512, ctypes.byref(info))
    np.testing.assert_allclose(b[:3], np.linalg.lstsq(A, B, rcond=None)[0], rtol=tol * 10,
                               atol=tol * 10)
    # geqrf, orgqr, ormqr
    a, tau = fortran(A.astype(dt)), np.zeros(3, dt)
    lapack(real, "geqrf", c_int, c_int, P, c_int, P, P, c_int, IP)(
        5, 3, ptr(a), 5, ptr(tau), ptr(work), 512, ctypes.byref(info))
    R = np.triu(a[:3])
    c = fortran(B.astype(dt))
    lapack(real, "ormqr", c_char, c_char, c_int, c_int, c_int, P, c_int, P, P, c_int, P, c_int,
           IP)(b"L", b"T", 5, 2, 3, ptr(a), 5, ptr(tau), ptr(c), 5, ptr(work), 512,
               ctypes.byref(info))
    lapack(real, "orgqr", c_int, c_int, c_int, P, c_int, P, P, c_int, IP)(
        5, 3, 3, ptr(a), 5, ptr(tau), ptr(work), 512, ctypes.byref(info))
    np.testing.assert_allclose(a @ R, A, rtol=tol * 10, atol=tol * 10)
    np.testing.assert_allclose(c[:3], a.T @ B, rtol=tol * 10, atol=tol * 10)
    # syev
    S = A.T @ A
    a, w = fortran(S.astype(dt)), np.zeros(3, dt)
    lapack(real, "syev", c_char, c_char, c_int, P, c_int, P, P, c_int, IP)(
        b"V", b"U", 3, ptr(a), 3, ptr(w), ptr(work), 512, ctypes.byref(info))
    np.testing.assert_allclose(w, np.linalg.eigvalsh(S), rtol=tol * 10, atol=tol * 10)
    np.testing.assert_allclose(a @ np.diag(w) @ a.T, S, rtol=tol * 10, atol=tol * 10)
    # geev: a rotation has eigenvalues +-i
    a = fortran(np.array([[0, -1], [1, 0]], dt))
    wr, wi, vr = np.zeros(2, dt), np.zeros(2, dt), fortran(np.zeros((2, 2), dt))
    lapack(real, "geev", c_char, c_char, c_int, P, c_int, P, P, P, c_int, P, c_int, P, c_int,
           IP)(b"N", b"V", 2, ptr(a), 2, ptr(wr), ptr(wi), None, 1, ptr(vr), 2, ptr(work), 512,
               ctypes.byref(info))
    assert info.value == 0
    np.testing.assert_allclose(wr, [0, 0], atol=tol)
    np.testing.assert_allclose(sorted(wi), [-1, 1], rtol=tol)
    # gesvd
    a, s = fortran(A.astype(dt)), np.zeros(3, dt)
    u, vt = fortran(np.zeros((5, 5), dt)), fortran(np.zeros((3, 3), dt))
    lapack(real, "gesvd", c_char, c_char, c_int, c_int, P, c_int, P, P, c_int, P, c_int, P,
           c_int, IP)(b"A", b"A", 5, 3, ptr(a), 5, ptr(s), ptr(u), 5, ptr(vt), 3, ptr(work), 512,
                      ctypes.byref(info))
    np.testing.assert_allclose(s, np.linalg.svd(A, compute_uv=False), rtol=tol * 10)
    np.testing.assert_allclose(u[:, :3] @ np.diag(s) @ vt, A, rtol=tol * 10, atol=tol * 10)
    # an illegal argument is LAPACK's negative info
    lapack(real, "potrf", c_char, c_int, P, c_int, IP)(b"X", 3, ptr(a), 3, ctypes.byref(info))
    assert info.value == -1


# -------------------------------------------------------------- THLogAdd

def logadd(name, nargs):
    fn = getattr(LIB, name)
    fn.restype = c_double
    fn.argtypes = [c_double] * nargs
    return fn


def test_log_add_constants_and_values():
    # values from TH v0.4's libTH (the oracle): built without USE_DOUBLE, so
    # terms below exp(-18.42) of the larger are dropped
    assert c_double.in_dll(LIB, "THLog2Pi").value == 1.8378770664093456
    assert c_double.in_dll(LIB, "THLogZero").value == -1.7976931348623157e308
    assert c_double.in_dll(LIB, "THLogOne").value == 0.0
    add, sub = logadd("THLogAdd", 2), logadd("THLogSub", 2)
    assert add(0, -20) == 0.0 and add(0, -18.5) == 0.0
    assert add(-18.4, 0) == 1.0208960671486199e-08
    assert add(1, 2) == pytest.approx(np.logaddexp(1, 2), rel=1e-15)
    assert sub(0, -20) == 0.0
    assert sub(1, 1) == -1.7976931348623157e308
    assert sub(0, -1) == -0.45867514538708193
    e = logadd("THExpMinusApprox", 1)
    assert [e(x) for x in (0, 1, 5, 12.9, 13, 20, -1)] == [
        1.0, 0.3678801156982228, 0.006763551193779773, 3.0433235154211384e-06, 0.0, 0.0,
        2.7182756899296785]


def test_log_sub_of_a_larger_b_is_a_th_error():
    with pytest.raises(RuntimeError, match="should be greater"):
        legacy_fn("THLogSub", c_double, c_double, c_double)(0.0, 1.0)

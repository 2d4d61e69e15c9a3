"""torch's top-level linear algebra names (th/_legacy_linalg.py) against
torch 2.13: det, logdet, slogdet, inverse, pinverse, matrix_power,
matrix_exp, cholesky, cholesky_inverse, cholesky_solve, qr, svd, lu and
lu_solve, with their own conventions (upper=, some=, compute_uv=, V not Vh,
b first), over batches, the four LAPACK dtypes and bad arguments. Factors
that are unique only up to signs (svd's U and V) are checked by what they
must satisfy; the rest are compared with torch's within rounding."""
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import check, pair, torch

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def tol(dtype):
    single = dtype in (np.float32, np.complex64)
    return dict(rtol=2e-3 if single else 1e-9, atol=2e-3 if single else 1e-9)


@st.composite
def matrices(draw, square=True, spd=False, min_side=1):
    dtype = draw(st.sampled_from(DTYPES))
    batch = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    m = draw(st.integers(min_side, 4))
    n = m if square else draw(st.integers(min_side, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    a = rng.standard_normal(batch + (m, n))
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(batch + (m, n))
    if spd:
        a = a @ np.conj(np.swapaxes(a, -1, -2)) + m * np.eye(m)
    t, u = pair(a.astype(dtype))
    return t, u, dtype


@given(matrices())
def test_determinants_and_inverse_match_torch(mats):
    a, b, dtype = mats
    check(lambda: th.det(a), lambda: torch.det(b), **tol(dtype))
    check(lambda: th.logdet(a), lambda: torch.logdet(b), **tol(dtype))
    check(lambda: th.slogdet(a), lambda: torch.slogdet(b), **tol(dtype))
    assert type(th.slogdet(a)).__name__ == "slogdet"
    check(lambda: th.inverse(a), lambda: torch.inverse(b), rtol=1e-2, atol=1e-2)
    check(lambda: th.matrix_exp(a * 0.3), lambda: torch.matrix_exp(b * 0.3), **tol(dtype))


@given(matrices(), st.integers(-2, 3))
def test_matrix_power_matches_torch(mats, n):
    a, b, dtype = mats
    check(lambda: th.matrix_power(a, n), lambda: torch.matrix_power(b, n), rtol=1e-2,
          atol=1e-2)


def test_logdet_of_negative_and_singular_determinants():
    for rows in ([[0.0, 1.0], [1.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]], [[1.0, 2.0], [2.0, 4.0]]):
        a, b = pair(np.array(rows))
        check(lambda: th.logdet(a), lambda: torch.logdet(b))
    a, b = pair(np.array([[-1.0 + 0j, 0], [0, 2]]))
    check(lambda: th.logdet(a), lambda: torch.logdet(b), rtol=1e-12)


@given(matrices(square=False))
def test_pinverse_matches_torch(mats):
    a, b, dtype = mats
    check(lambda: th.pinverse(a), lambda: torch.pinverse(b), rtol=1e-2, atol=1e-2)
    check(lambda: th.pinverse(a, 0.5), lambda: torch.pinverse(b, 0.5), rtol=1e-2, atol=1e-2)


@given(matrices(spd=True), st.booleans())
def test_cholesky_family_matches_torch(mats, upper):
    a, b, dtype = mats
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch.cholesky is deprecated
        check(lambda: th.cholesky(a, upper), lambda: torch.cholesky(b, upper), **tol(dtype))
        L, M = th.cholesky(a, upper), torch.cholesky(b, upper)
    check(lambda: th.cholesky_inverse(L, upper), lambda: torch.cholesky_inverse(M, upper),
          **tol(dtype))
    rhs, trhs = pair(np.ones(a.shape[:-1] + (2,), dtype=dtype))
    check(lambda: th.cholesky_solve(rhs, L, upper), lambda: torch.cholesky_solve(trhs, M, upper),
          **tol(dtype))


@given(matrices(square=False), st.booleans())
def test_qr_matches_torch(mats, some):
    a, b, dtype = mats
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch.qr is deprecated
        check(lambda: th.qr(a, some), lambda: torch.qr(b, some), **tol(dtype))
    assert type(th.qr(a)).__name__ == "qr"


@given(matrices(square=False), st.booleans(), st.booleans())
def test_svd_returns_v_and_torchs_shapes(mats, some, compute_uv):
    a, b, dtype = mats
    r, e = th.svd(a, some, compute_uv), torch.svd(b, some, compute_uv)
    assert type(r).__name__ == "svd" and r._fields == ("U", "S", "V")
    for x, y in zip(r, e):
        assert x.shape == tuple(y.shape) and str(x.dtype)[3:] == str(y.dtype)[6:]
    np.testing.assert_allclose(r.S.numpy(), e.S.numpy(), **tol(dtype))
    if not compute_uv:
        assert not r.U.numpy().any() and not r.V.numpy().any()
        return
    k = min(a.shape[-2:])
    U, V = r.U.numpy()[..., :k], r.V.numpy()[..., :k]
    rebuilt = (U * r.S.numpy()[..., None, :]) @ np.conj(np.swapaxes(V, -1, -2))
    np.testing.assert_allclose(rebuilt, a.numpy(), **tol(dtype))


@given(matrices(), st.booleans())
def test_lu_and_lu_solve_match_torch(mats, get_infos):
    a, b, dtype = mats
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch.lu and torch.lu_solve are deprecated
        check(lambda: th.lu(a, get_infos=get_infos), lambda: torch.lu(b, get_infos=get_infos),
              **tol(dtype))
        LU, piv = th.lu(a)
        LU2, piv2 = torch.lu(b)
        rhs, trhs = pair(np.ones(a.shape[:-1] + (1,), dtype=dtype))
        check(lambda: th.lu_solve(rhs, LU, piv), lambda: torch.lu_solve(trhs, LU2, piv2),
              rtol=1e-2, atol=1e-2)


@pytest.mark.parametrize("make", [
    lambda m: m.det(m.ones(2, 3)),
    lambda m: m.det(m.ones(2, 2, dtype=m.int64)),
    lambda m: m.logdet(m.ones(2, 3)),
    lambda m: m.logdet(m.ones(3)),
    lambda m: m.logdet(m.ones(2, 2, dtype=m.int64)),
    lambda m: m.slogdet(m.ones(2, 3)),
    lambda m: m.inverse(m.zeros(2, 2)),
    lambda m: m.inverse(m.ones(2, 3)),
    lambda m: m.pinverse(m.ones(2, 2, dtype=m.int64)),
    lambda m: m.matrix_power(m.ones(2, 3), 2),
    lambda m: m.matrix_exp(m.ones(2, 3)),
    lambda m: m.cholesky(-m.eye(2)),
    lambda m: m.cholesky_solve(m.ones(2), m.eye(2)),
    lambda m: m.cholesky_solve(m.ones(2, 1), m.eye(2, dtype=m.float64)),
    lambda m: m.cholesky_solve(m.ones(3, 1), m.eye(2)),
    lambda m: m.cholesky_solve(m.ones(2, 1, dtype=m.int64), m.eye(2, dtype=m.int64)),
    lambda m: m.cholesky_solve(m.ones(2, 1), m.ones(2, 3)),
    lambda m: m.qr(m.ones(3)),
    lambda m: m.svd(m.ones(3)),
    lambda m: m.lu(m.zeros(2, 2)),
    lambda m: m.lu(m.zeros(2, 2), get_infos=True),
    lambda m: m.lu_solve(m.ones(3, 1), *m.linalg.lu_factor(m.eye(2))),
])
def test_legacy_linalg_refusals_match_torch(make):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(lambda: make(th), lambda: make(torch))

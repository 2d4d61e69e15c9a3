"""Sparse tensors through the dense products and sum, as torch takes them:
@, th.matmul, th.mm, th.mv, th.addmm, Tensor.sum and th.sum, torch 2.13 as
the oracle."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th

torch = pytest.importorskip("torch")


@st.composite
def sparse_matrices(draw, max_side=6):
    n, k = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    nnz = draw(st.integers(0, 2 * n * k))
    rows = draw(st.lists(st.integers(0, n - 1), min_size=nnz, max_size=nnz))
    cols = draw(st.lists(st.integers(0, k - 1), min_size=nnz, max_size=nnz))
    values = draw(st.lists(st.integers(-5, 5), min_size=nnz, max_size=nnz))
    return np.array([rows, cols], dtype=np.int64).reshape(2, nnz), np.array(values, np.float64), (n, k)


def both(case, dtype="float64"):
    indices, values, size = case
    values = values.astype(dtype)
    s = th.sparse_coo_tensor(th.from_numpy(indices.copy()), th.from_numpy(values.copy()), size)
    t = torch.sparse_coo_tensor(torch.from_numpy(indices.copy()), torch.from_numpy(values.copy()),
                                size)
    return s, t


def dense(shape, seed, dtype=np.float64):
    a = np.random.default_rng(seed).integers(-3, 4, shape).astype(dtype)
    return th.from_numpy(a.copy()), torch.from_numpy(a.copy())


def check(got, want):
    if want.is_sparse:
        assert isinstance(got, th.SparseTensor)
        got, want = got.to_dense(), want.to_dense()
    assert isinstance(got, th.Tensor)
    assert got.shape == tuple(want.shape)
    assert got.dtype.name == str(want.dtype).removeprefix("torch.")
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


@settings(max_examples=40, deadline=None)
@given(sparse_matrices(), st.integers(1, 5), st.integers(0, 9))
def test_sparse_times_dense(case, p, seed):
    s, t = both(case)
    d, dt = dense((s.shape[1], p), seed)
    check(s @ d, t @ dt)
    check(th.matmul(s, d), torch.matmul(t, dt))
    check(th.mm(s, d), torch.mm(t, dt))
    check(s.mm(d), t.mm(dt))
    v, vt = dense((s.shape[1],), seed)
    check(s @ v, t @ vt)
    check(th.mv(s, v), torch.mv(t, vt))
    check(s.mv(v), t.mv(vt))


@settings(max_examples=40, deadline=None)
@given(sparse_matrices(), st.integers(1, 5), st.integers(0, 9))
def test_dense_times_sparse(case, n, seed):
    s, t = both(case)
    d, dt = dense((n, s.shape[0]), seed)
    check(d @ s, dt @ t)
    check(th.mm(d, s), torch.mm(dt, t))
    v, vt = dense((s.shape[0],), seed)
    check(v @ s, vt @ t)


@settings(max_examples=30, deadline=None)
@given(sparse_matrices(max_side=4), st.integers(0, 9))
def test_sparse_times_sparse_is_sparse(case, seed):
    s, t = both(case)
    d, dt = dense((s.shape[1], 3), seed)
    s2, t2 = d.to_sparse(), dt.to_sparse()
    check(th.mm(s, s2), torch.mm(t, t2))
    check(s @ s2, t @ t2)


@settings(max_examples=40, deadline=None)
@given(sparse_matrices(), st.integers(1, 4), st.integers(0, 9),
       st.sampled_from([(1, 1), (0, 2), (2.5, -1), (0.5, 0)]))
def test_addmm(case, p, seed, coefficients):
    beta, alpha = coefficients
    s, t = both(case)
    d, dt = dense((s.shape[1], p), seed)
    c, ct = dense((s.shape[0], p), seed + 1)
    check(th.addmm(c, s, d, beta=beta, alpha=alpha), torch.addmm(ct, t, dt, beta=beta, alpha=alpha))
    row, rowt = dense((p,), seed + 2)  # input broadcasts
    check(th.addmm(row, s, d), torch.addmm(rowt, t, dt))
    e, _ = dense((p, s.shape[0]), seed + 3)
    with pytest.raises(ValueError, match="mat1"):  # torch refuses a sparse mat2 too
        th.addmm(dense((p, s.shape[1]), seed)[0], e, s)


@settings(max_examples=40, deadline=None)
@given(sparse_matrices(), st.sampled_from(["float64", "float32", "int64"]))
def test_sum(case, dtype):
    s, t = both(case, dtype)
    check(s.sum(), torch.sparse.sum(t))
    check(th.sum(s), torch.sum(t))
    if t._nnz():  # torch's sparse sum over a dim needs entries
        for dim in (0, 1, (0, 1)):
            check(th.sum(s, dim), torch.sum(t, dim))


def test_out_takes_the_dense_result():
    s, t = both((np.array([[0, 1], [1, 0]]), np.array([5.0, 6.0]), (2, 2)))
    out = th.empty(0, dtype=th.float64)
    assert th.mm(s, th.eye(2, dtype=th.float64), out=out) is out
    check(out, torch.mm(t, torch.eye(2, dtype=torch.float64)))


def test_bad_operands():
    s, _ = both((np.array([[0, 1], [1, 0]]), np.array([5.0, 6.0]), (2, 2)))
    with pytest.raises(ValueError, match="matmul"):
        th.matmul(s, th.ones(2, 2, 2, dtype=th.float64))
    with pytest.raises(ValueError, match="mv"):
        th.mv(s, th.ones(2, 2, dtype=th.float64))
    with pytest.raises(ValueError, match="mm"):
        th.mm(s, th.ones(2, dtype=th.float64))
    with pytest.raises(ValueError, match="sparse @ sparse"):
        th.mm(s, s, out=th.empty(0))
    with pytest.raises(ValueError, match="dim only"):
        th.sum(s, 0, keepdim=True)
    with pytest.raises(TypeError):
        th.mm(s, [[1.0]])
    with pytest.raises(TypeError):
        s @ "x"

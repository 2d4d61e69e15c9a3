"""Sparse COO tensors: th.SparseTensor against torch.sparse as the
oracle (and scipy where it covers the case), the ownership of the C API
(THSTensor.h: newIndices/newValues views, the one stealing move, newCoalesce
of a coalesced tensor), and bad input."""
import copy
import pickle
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
from th import _testcapi as capi

from helpers import ROOT

pytest_plugins = ["pytester"]


def sparse(indices, values, size, **kw):
    return th.sparse_coo_tensor(th.tensor(np.asarray(indices, dtype=np.int64)),
                                th.asarray(np.asarray(values)), size, **kw)


def dense_of(s):
    return np.asarray(s.to_dense())


def reference_dense(indices, values, size):
    """numpy's scatter-add: the meaning of a COO tensor with duplicates."""
    indices, values = np.asarray(indices, dtype=np.int64), np.asarray(values)
    out = np.zeros(size, dtype=values.dtype)
    for k in range(indices.shape[1]):
        out[tuple(indices[:, k])] += values[k]
    return out


@st.composite
def coo_cases(draw, max_sparse=3, max_dense=2, max_nnz=24):
    """(indices, values, size): duplicates likely (small sizes), explicit
    zeros possible, hybrid values, nnz 0 and 1, sparse_dim 0 included."""
    nI = draw(st.integers(0, max_sparse))
    nV = draw(st.integers(0, max_dense))
    size = tuple(draw(st.lists(st.integers(1, 4), min_size=nI + nV, max_size=nI + nV)))
    nnz = draw(st.integers(0, max_nnz))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    indices = np.stack([rng.integers(0, size[d], nnz) for d in range(nI)]) if nI else \
        np.zeros((0, nnz), dtype=np.int64)
    values = rng.integers(-3, 4, (nnz,) + size[nI:]).astype(np.float64)  # zeros included
    return indices.astype(np.int64).reshape(nI, nnz), values, size


# ------------------------------------------------------------ numpy oracle
@settings(max_examples=60, deadline=None)
@given(coo_cases())
def test_to_dense_is_the_scatter_add_of_every_entry(case):
    indices, values, size = case
    s = sparse(indices, values, size)
    np.testing.assert_array_equal(dense_of(s), reference_dense(indices, values, size))
    assert (s.sparse_dim(), s.dense_dim(), s._nnz(), s.shape) == (
        indices.shape[0], len(size) - indices.shape[0], indices.shape[1], size)


@settings(max_examples=60, deadline=None)
@given(coo_cases())
def test_coalesce_sorts_row_major_sums_duplicates_keeps_zeros(case):
    indices, values, size = case
    s = sparse(indices, values, size)
    c = s.coalesce()
    ci, cv = np.asarray(c._indices()), np.asarray(c._values())
    nI = indices.shape[0]
    keys = [tuple(col) for col in indices.T]
    unique = sorted(set(keys))
    assert c.is_coalesced() and c._nnz() == len(unique) if indices.shape[1] else c._nnz() == 0
    assert [tuple(col) for col in ci.T] == unique if nI else ci.shape == (0, c._nnz())
    for j, key in enumerate(unique):
        expected = sum(values[k] for k in range(len(keys)) if keys[k] == key)
        np.testing.assert_array_equal(cv[j], expected)  # an explicit zero stays an entry
    np.testing.assert_array_equal(dense_of(c), dense_of(s))
    np.testing.assert_array_equal(np.asarray(s._values()), values)  # the input untouched


def test_coalesce_is_the_same_for_any_thread_count():
    rng = np.random.default_rng(5)
    n = 300_000  # several chunks of the parallel sort and sum
    indices = rng.integers(0, 300, (2, n))
    values = rng.standard_normal(n)
    s = sparse(indices, values, (300, 300))
    before = th.get_num_threads()
    try:
        results = []
        for threads in (1, 2, 3):
            th.set_num_threads(threads)
            c = s.coalesce()
            results.append((np.asarray(c._indices()).copy(), np.asarray(c._values()).copy()))
    finally:
        th.set_num_threads(before)
    for idx, val in results[1:]:
        np.testing.assert_array_equal(idx, results[0][0])
        np.testing.assert_array_equal(val, results[0][1])  # bit for bit
    np.testing.assert_allclose(dense_of(s), reference_dense(indices, values, (300, 300)))


def test_coalesce_with_sizes_too_wide_to_pack_uses_linear_keys():
    big = 1 << 31  # 31 + 31 bits of coordinates and the column bits exceed 64
    indices = [[5, big - 1, 5, 0, big - 1], [7, 3, 7, big - 2, 3]]
    s = sparse(indices, [1.0, 2.0, 3.0, 4.0, 5.0], (big, big))
    c = s.coalesce()
    assert np.asarray(c._indices()).tolist() == [[0, 5, big - 1], [big - 2, 7, 3]]
    assert np.asarray(c._values()).tolist() == [4.0, 4.0, 7.0]


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int8, th.int32, th.int64,
                                   th.uint8, th.bool, th.complex64, th.float16])
def test_coalesce_and_to_dense_for_each_dtype(dtype):
    indices = [[1, 0, 1, 1], [2, 0, 2, 0]]
    values = th.tensor([1, 2, 3, 0], dtype=dtype)
    s = th.sparse_coo_tensor(th.tensor(indices), values, (2, 3))
    c = s.coalesce()
    assert c.dtype is dtype and c._nnz() == 3
    expected = reference_dense(indices, np.asarray(th.tensor([1, 2, 3, 0], dtype=th.int64)),
                               (2, 3)).astype(np.asarray(values).dtype)
    if dtype is th.bool:
        expected = reference_dense(indices, [1, 1, 1, 0], (2, 3)) > 0
    np.testing.assert_array_equal(dense_of(c), expected)
    np.testing.assert_array_equal(dense_of(s), expected)


def test_non_contiguous_values():
    base = th.asarray(np.arange(12.0).reshape(3, 4))
    values = base.t()  # 4 x 3, strided
    s = th.sparse_coo_tensor(th.tensor([[0, 1, 0, 1]]), values, (2, 3))
    expected = np.zeros((2, 3))
    np.add.at(expected, [0, 1, 0, 1], np.arange(12.0).reshape(3, 4).T)
    np.testing.assert_array_equal(dense_of(s), expected)
    np.testing.assert_array_equal(dense_of(s.coalesce()), expected)


# ------------------------------------------------------------ torch oracle
@settings(max_examples=40, deadline=None)
@given(coo_cases())
def test_against_torch(case):
    torch = pytest.importorskip("torch")
    indices, values, size = case
    s = sparse(indices, values, size)
    t = torch.sparse_coo_tensor(torch.from_numpy(indices), torch.from_numpy(values), size)
    c, tc = s.coalesce(), t.coalesce()
    assert c._nnz() == tc._nnz()
    np.testing.assert_array_equal(np.asarray(c._indices()), tc._indices().numpy())
    np.testing.assert_array_equal(np.asarray(c._values()), tc._values().numpy())
    np.testing.assert_array_equal(dense_of(s), t.to_dense().numpy())
    np.testing.assert_allclose(np.asarray(th.sparse.sum(s)), torch.sparse.sum(t).numpy())
    nI = indices.shape[0]
    if nI >= 2:
        np.testing.assert_array_equal(dense_of(s.transpose(0, nI - 1)),
                                      t.transpose(0, nI - 1).to_dense().numpy())
        assert not s.transpose(0, 1).is_coalesced()
    for dim in range(len(size)):
        if nI == 0 or indices.shape[1] == 0:
            break  # torch's sparse.sum(dim) needs nnz and a sparse dim
        got, want = th.sparse.sum(s, dim), torch.sparse.sum(t, dim)
        got = dense_of(got) if isinstance(got, th.SparseTensor) else np.asarray(got)
        want = want.to_dense().numpy() if want.is_sparse else want.numpy()
        np.testing.assert_allclose(got, want)
    np.testing.assert_array_equal(dense_of(s + s), (t + t).to_dense().numpy())
    np.testing.assert_array_equal(dense_of(s - c * 2), (t - tc * 2).to_dense().numpy())
    np.testing.assert_array_equal(dense_of(s / 2), (t / 2).to_dense().numpy())
    ones = np.ones(size)
    np.testing.assert_array_equal(np.asarray(th.asarray(ones) + s),
                                  (torch.from_numpy(ones) + t).numpy())


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(1, 4), st.integers(0, 12),
       st.integers(0, 2**32 - 1))
def test_mm_against_torch_and_scipy(m, k, n, nnz, seed):
    torch = pytest.importorskip("torch")
    scipy_sparse = pytest.importorskip("scipy.sparse")
    rng = np.random.default_rng(seed)
    indices = np.stack([rng.integers(0, m, nnz), rng.integers(0, k, nnz)])
    values = rng.standard_normal(nnz)
    dense = rng.standard_normal((k, n))
    s = sparse(indices, values, (m, k))
    got = np.asarray(th.sparse.mm(s, th.asarray(dense)))
    want = torch.sparse.mm(torch.sparse_coo_tensor(torch.from_numpy(indices),
                                                   torch.from_numpy(values), (m, k)),
                           torch.from_numpy(dense)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    sp = scipy_sparse.coo_array((values, (indices[0], indices[1])), shape=(m, k))
    np.testing.assert_allclose(got, sp @ dense, rtol=1e-12, atol=1e-12)
    t = rng.standard_normal((m, n))
    np.testing.assert_allclose(np.asarray(th.sparse.addmm(th.asarray(t), s, th.asarray(dense),
                                                          beta=0.5, alpha=2.0)),
                               0.5 * t + 2.0 * want, rtol=1e-12, atol=1e-12)


def test_hybrid_against_torch():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(1)
    indices = rng.integers(0, 3, (2, 40))
    values = rng.standard_normal((40, 4, 2))
    s = sparse(indices, values, (3, 3, 4, 2))
    t = torch.sparse_coo_tensor(torch.from_numpy(indices), torch.from_numpy(values), (3, 3, 4, 2))
    c, tc = s.coalesce(), t.coalesce()
    np.testing.assert_array_equal(np.asarray(c._indices()), tc._indices().numpy())
    np.testing.assert_allclose(np.asarray(c._values()), tc._values().numpy(), rtol=1e-12)
    np.testing.assert_allclose(dense_of(s), t.to_dense().numpy(), rtol=1e-12)
    for dims in [(2,), (3,), (2, 3), (0, 2), (1,)]:
        np.testing.assert_allclose(dense_of(th.sparse.sum(s, dims)),
                                   torch.sparse.sum(t, dims).to_dense().numpy(), rtol=1e-12)


SUM_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
              "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("name", SUM_DTYPES)
def test_sum_dtypes_and_values_against_torch(name):
    """torch.sparse.sum's result dtypes: int64 for integers and bool where the
    values are reduced as a dense tensor (over everything, over a dense dim,
    or when no sparse dim is left: a dense result), the values' dtype,
    wrapping, where only entries of kept sparse dims merge. Duplicates are
    one element (merged in the dtype, as to_dense() does) before an int64
    sum, so a 1-dim tensor's sum(s) and sum(s, 0) agree; torch's sum(s, 0)
    sums uncoalesced values in int64, so its values are those of the
    coalesced tensor, where torch agrees with itself."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(7)
    indices = rng.integers(0, 3, (2, 30))
    integral = name == "bool" or "int" in name
    # integers wrap; floats stay small enough that every sum is exact in
    # float16 and bfloat16 (the order of the additions would round otherwise)
    raw = rng.integers(0, 256, (30, 4)) if name == "uint8" else \
        rng.integers(-128, 128, (30, 4)) if integral else rng.integers(-4, 5, (30, 4))
    dt, tdt = getattr(th, name), getattr(torch, name)
    ti, tv = torch.from_numpy(indices), torch.from_numpy(raw).to(tdt)
    cases = [  # (th's, torch's coalesced, dims to try)
        (th.sparse_coo_tensor(th.asarray(indices[:1]), th.asarray(raw[:, 0]).to(dt), (3,)),
         torch.sparse_coo_tensor(ti[:1], tv[:, 0], (3,)).coalesce(), [0, -1, (0,)]),
        (th.sparse_coo_tensor(th.asarray(indices), th.asarray(raw[:, 0]).to(dt), (3, 3)),
         torch.sparse_coo_tensor(ti, tv[:, 0], (3, 3)).coalesce(), [0, 1, (0, 1), (1, 0)]),
        (th.sparse_coo_tensor(th.asarray(indices), th.asarray(raw).to(dt), (3, 3, 4)),
         torch.sparse_coo_tensor(ti, tv, (3, 3, 4)).coalesce(),
         [0, 1, (0, 1), 2, -1, (0, 2), (1, 2), (0, 1, 2)]),
    ]

    def values(x):
        x = x.to_dense() if isinstance(x, th.SparseTensor) or getattr(x, "is_sparse", 0) else x
        if name == "bfloat16":
            x = x.to(th.float64) if isinstance(x, th.Tensor) else x.to(torch.float64)
        return np.asarray(x) if isinstance(x, th.Tensor) else x.numpy()

    for s, t, dim_cases in cases:
        for dims in [None] + dim_cases:
            args = () if dims is None else (dims,)
            got = th.sparse.sum(s, *args)
            assert values(th.sparse.sum(s.coalesce(), *args)).tolist() == values(got).tolist()
            summed = {dims % 3} if isinstance(dims, int) else set(dims or ())
            if integral and 2 in summed and summed != {0, 1, 2} and t.sparse_dim() == 2:
                # a dense dim summed, a sparse result: torch sums the values
                # in int64, then refuses them for a tensor of the input's
                # dtype; th gives the int64 tensor
                want = t.to_dense().sum(tuple(summed))
                assert isinstance(got, th.SparseTensor) and got.dtype is th.int64
            else:
                want = torch.sparse.sum(t, *args)
                assert isinstance(got, th.SparseTensor) == want.is_sparse, dims
                assert str(got.dtype) == str(want.dtype).replace("torch.", "th."), dims
            np.testing.assert_array_equal(values(got), values(want))
    s1 = cases[0][0]
    assert th.sparse.sum(s1).dtype is th.sparse.sum(s1, 0).dtype
    assert th.sparse.sum(s1).item() == th.sparse.sum(s1, 0).item()


def test_sum_merges_duplicates_in_the_dtype():
    """[200, 100] at one coordinate of a uint8 tensor is the element 44, as
    to_dense() says and torch.sparse.sum(s) sums; over dim 0 likewise."""
    s = th.sparse_coo_tensor(th.tensor([[0, 0, 1]]), th.tensor([200, 100, 1], dtype=th.uint8),
                             (3,))
    for r in (th.sparse.sum(s), th.sparse.sum(s, 0)):
        assert r.dtype is th.int64 and r.item() == 45 == s.to_dense().sum().item()
    b = th.sparse_coo_tensor(th.tensor([[0, 0, 1], [1, 1, 1]]), th.tensor([True, True, True]),
                             (3, 2))
    assert th.sparse.sum(b).item() == 2 == th.sparse.sum(b, (0, 1)).item()
    assert th.sparse.sum(b, 0).dtype is th.bool
    assert th.sparse.sum(b, 0).to_dense().tolist() == [False, True]
    r = th.sparse.sum(b, 1)
    assert r.dtype is th.bool and r.to_dense().tolist() == [True, True, False]


@pytest.mark.parametrize("name", ["uint16", "uint32", "uint64"])
def test_sum_unsigned_dtypes(name):
    """torch has no coalesce for these; th applies the same rule."""
    dt = getattr(th, name)
    s = th.sparse_coo_tensor(th.tensor([[0, 1, 1]]), th.tensor([3, 2, 1]).to(dt), (3,))
    assert th.sparse.sum(s).dtype is th.int64 and th.sparse.sum(s).item() == 6
    assert th.sparse.sum(s, 0).dtype is th.int64 and th.sparse.sum(s, 0).item() == 6
    h = th.sparse_coo_tensor(th.tensor([[0, 1, 1]]), th.ones(3, 2).to(dt), (3, 2))
    assert th.sparse.sum(h, 1).dtype is th.int64
    assert th.sparse.sum(h, 1).to_dense().tolist() == [2, 4, 0]
    assert th.sparse.sum(h, 0).dtype is th.int64 and th.sparse.sum(h, 0).tolist() == [3, 3]


def test_to_sparse_round_trip_against_torch():
    torch = pytest.importorskip("torch")
    a = np.array([[[0, 1.5], [0, 0]], [[-0.0, 0], [2, 0]]])
    for sparse_dim in (None, 1, 2, 3):
        s = th.asarray(a).to_sparse(sparse_dim)
        t = torch.from_numpy(a).to_sparse(sparse_dim) if sparse_dim else torch.from_numpy(a).to_sparse()
        assert s.is_coalesced() and s._nnz() == t._nnz()
        np.testing.assert_array_equal(np.asarray(s._indices()), t._indices().numpy())
        np.testing.assert_array_equal(dense_of(s), a)


# ------------------------------------------------------------ scipy
def test_scipy_round_trip_keeps_the_canonical_flag_and_shares_values():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    s = sparse([[2, 0, 2], [1, 1, 1]], [1.0, 2.0, 3.0], (3, 2))
    m = s.to_scipy()
    assert not m.has_canonical_format
    np.testing.assert_array_equal(m.toarray(), dense_of(s))
    c = s.coalesce().to_scipy()
    assert c.has_canonical_format
    m.data[0] = 10.0  # the values are shared, not copied
    assert s._values().tolist()[0] == 10.0
    back = th.sparse.from_scipy(c)
    assert back.is_coalesced()
    np.testing.assert_array_equal(dense_of(back), c.toarray())
    csr = scipy_sparse.random_array((5, 7), density=0.3, format="csr", random_state=0)
    from_csr = th.sparse.from_scipy(csr)
    np.testing.assert_array_equal(dense_of(from_csr), csr.toarray())
    with pytest.raises(ValueError, match="hybrid"):
        sparse([[0]], [[1.0, 2.0]], (1, 2)).to_scipy()


def test_coalesce_matches_scipy_canonical_order():
    scipy_sparse = pytest.importorskip("scipy.sparse")
    rng = np.random.default_rng(3)
    indices = rng.integers(0, 20, (2, 500))
    values = rng.standard_normal(500)
    m = scipy_sparse.coo_array((values, (indices[0], indices[1])), shape=(20, 20))
    m.sum_duplicates()
    c = sparse(indices, values, (20, 20)).coalesce()
    np.testing.assert_array_equal(np.asarray(c._indices()), np.stack(m.coords))
    np.testing.assert_allclose(np.asarray(c._values()), m.data, rtol=1e-12)


# ------------------------------------------------------------ Python API
def test_api_names_and_semantics():
    s = sparse([[1, 0, 1], [2, 0, 2]], [1.0, 2.0, 3.0], (2, 3))
    assert s.is_sparse and not th.zeros(1).is_sparse
    assert (s.shape, s.size(), s.size(1), s.size(-1), s.dim(), s.ndim, len(s)) == (
        (2, 3), (2, 3), 3, 3, 2, 2, 2)
    assert s.dtype is th.float64 and not s.is_coalesced()
    with pytest.raises(RuntimeError, match="Cannot get indices on an uncoalesced tensor, "
                                           "please call .coalesce\\(\\) first"):
        s.indices()
    with pytest.raises(RuntimeError, match="Cannot get values on an uncoalesced tensor"):
        s.values()
    c = s.coalesce()
    assert c.coalesce() is c  # torch: coalesce of a coalesced tensor is self
    assert c.indices().tolist() == [[0, 1], [0, 2]] and c.values().tolist() == [2.0, 4.0]
    assert np.array_equal(dense_of(s.t()), dense_of(s).T)
    clone = s.clone()
    clone._values()[0] = 100.0
    assert s._values().tolist()[0] == 1.0
    z = s.clone().zero_()
    assert z._nnz() == 0 and z.shape == (2, 3) and z.is_coalesced()
    assert (-s)._values().tolist() == [-1.0, -2.0, -3.0]
    assert (2 * s)._values().tolist() == [2.0, 4.0, 6.0]
    assert "sparse_coo_tensor(indices=tensor([[1, 0, 1]," in repr(s)
    assert "size=(2, 3), nnz=3, dtype=th.float64" in repr(s)


def test_scalar_results_follow_torch_promotion():
    i = sparse([[0, 1]], np.array([1, 2], dtype=np.int32), (2,))
    assert (i * 2).dtype is th.int32 and (i * 2)._values().tolist() == [2, 4]
    assert (i * 2.5).dtype is th.float32 and (i * 2.5)._values().tolist() == [2.5, 5.0]
    assert (i / 2).dtype is th.float32 and (i / 2)._values().tolist() == [0.5, 1.0]
    b = sparse([[0]], np.array([True]), (1,))
    assert (b * 3).dtype is th.int64
    with pytest.raises(TypeError, match="real numbers"):
        i * 1j


def test_sparse_dense_operands_give_dense_results():
    s = sparse([[0, 1, 0], [1, 0, 1]], [1.0, 2.0, 3.0], (2, 2))
    d = th.asarray(np.array([[10.0, 20.0], [30.0, 40.0]]))
    expected = dense_of(s)
    assert isinstance(s + d, th.Tensor)
    np.testing.assert_array_equal(np.asarray(s + d), expected + np.asarray(d))
    np.testing.assert_array_equal(np.asarray(d + s), expected + np.asarray(d))
    np.testing.assert_array_equal(np.asarray(d - s), np.asarray(d) - expected)
    np.testing.assert_array_equal(np.asarray(s - d), expected - np.asarray(d))
    with pytest.raises(ValueError, match="sizes must match"):
        s + th.zeros(3, 2, dtype=th.float64)


def test_pickle_and_deepcopy_keep_the_coalesced_flag():
    s = sparse([[1, 0, 1]], [1.0, 2.0, 3.0], (2,))
    for x in (s, s.coalesce()):
        for y in (pickle.loads(pickle.dumps(x)), copy.deepcopy(x)):
            assert y.is_coalesced() == x.is_coalesced()
            np.testing.assert_array_equal(dense_of(y), dense_of(x))
            assert y._values().data_ptr() != x._values().data_ptr()


def test_numpy_of_a_sparse_tensor_names_to_dense():
    s = sparse([[0]], [1.0], (1,))
    with pytest.raises(TypeError, match="to_dense\\(\\)"):
        s.numpy()
    with pytest.raises(TypeError, match="to_dense\\(\\)"):
        np.asarray(s)


def test_is_coalesced_claim_is_checked():
    with pytest.raises(ValueError, match="flagged coalesced but column 1 is not after"):
        sparse([[1, 0]], [1.0, 2.0], (2,), is_coalesced=True)
    with pytest.raises(ValueError, match="duplicate"):
        sparse([[1, 1]], [1.0, 2.0], (2,), is_coalesced=True)
    unchecked = sparse([[1, 0]], [1.0, 2.0], (2,), is_coalesced=True, check_invariants=False)
    assert unchecked.is_coalesced()  # the caller's word, as torch
    assert sparse([[0, 1]], [1.0, 2.0], (2,), is_coalesced=True).indices().tolist() == [[0, 1]]


def test_size_is_inferred():
    s = th.sparse_coo_tensor(th.tensor([[0, 4], [2, 1]]), th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    assert s.shape == (5, 3, 2)
    empty = th.sparse_coo_tensor(th.zeros(2, 0, dtype=th.int64), th.zeros(0))
    assert empty.shape == (0, 0) and empty._nnz() == 0


# ------------------------------------------------------------ ownership
def test_indices_and_values_are_views_holding_one_more_reference():
    indices, values = th.tensor([[0, 2]]), th.tensor([1.0, 2.0])
    s = th.sparse_coo_tensor(indices, values, (3,))
    assert s._indices().data_ptr() == indices.data_ptr()  # shared, not copied
    assert s._values().data_ptr() == values.data_ptr()
    storage = indices.storage()
    refs = storage.refcount
    before = th.debug.live()
    view = s._indices()
    after = th.debug.live()
    assert (after.tensors, after.storages) == (before.tensors + 1, before.storages)
    assert storage.refcount == refs + 1  # the view's one reference to the shared storage
    view[0, 1] = 1  # newIndices is a view: writes reach the sparse tensor
    assert s.to_dense().tolist() == [1.0, 2.0, 0.0]
    values_view = s._values()
    assert values_view.storage().refcount == values.storage().refcount
    del view, values_view
    assert th.debug.live() == before and storage.refcount == refs


def test_move_steals_on_success_and_on_failure():
    s = capi.sparse_new_with_dims(th.float32, 1, 0, [4])
    indices, values = th.tensor([[3, 1]]), th.tensor([5.0, 6.0])
    base = th.debug.live()
    assert capi.sparse_move(s, indices, values) == 0
    # s holds the references move took; the old empty parts are gone
    assert th.debug.live().tensors == base.tensors - 2
    assert s._indices().data_ptr() == indices.data_ptr()
    assert s.to_dense().tolist() == [0.0, 6.0, 0.0, 5.0] and not s.is_coalesced()
    bad = th.tensor([[7]])
    before = th.debug.live()
    with pytest.raises(IndexError, match="indices\\[0\\]\\[0\\] = 7 is out of range"):
        capi.sparse_move(s, bad, th.tensor([1.0]))
    assert th.debug.live() == before  # both references taken and freed
    with pytest.raises(ValueError, match="values is NULL"):
        capi.sparse_move_null_values(s, bad)
    assert th.debug.live() == before
    assert s.to_dense().tolist() == [0.0, 6.0, 0.0, 5.0]  # unchanged by the failures


def test_set_copies():
    s = capi.sparse_new_with_dims(th.float64, 1, 0, [3])
    indices, values = th.tensor([[2]]), th.tensor([1.0], dtype=th.float64)
    capi.sparse_set(s, indices, values)
    assert s._indices().data_ptr() != indices.data_ptr()
    values[0] = 9.0
    assert s.to_dense().tolist() == [0.0, 0.0, 1.0]


def test_new_coalesce_of_a_coalesced_tensor_is_itself_retained():
    c = sparse([[0, 2]], [1.0, 2.0], (3,)).coalesce()
    same, during = capi.sparse_coalesce_same(c)
    assert same and during == 2 and capi.sparse_refcount(c) == 1
    u = sparse([[2, 0]], [1.0, 2.0], (3,))
    assert capi.sparse_coalesce_same(u) == (False, 1)


def test_resize_copy_and_check_invariants():
    s = sparse([[0, 2]], [1.0, 2.0], (3,))
    capi.sparse_resize(s, 1, 0, [5])
    assert s.shape == (5,) and s.to_dense().tolist() == [1.0, 0.0, 2.0, 0.0, 0.0]
    with pytest.raises(ValueError, match="cannot shrink sparse dim 0 from 5 to 2"):
        capi.sparse_resize(s, 1, 0, [2])
    with pytest.raises(ValueError, match="cannot change the number of sparse dims"):
        capi.sparse_resize(s, 2, 0, [5, 5])
    empty = capi.sparse_new_with_size(th.int16, [2])
    capi.sparse_resize(empty, 1, 2, [2, 3, 4])  # nnz 0: any dims
    assert (empty.sparse_dim(), empty.dense_dim(), empty._values().shape) == (1, 2, (0, 3, 4))
    dst = capi.sparse_new_with_size(th.float32, [1])
    capi.sparse_copy(dst, s)
    assert dst.shape == (5,) and dst.dtype is th.float64
    assert dst._values().data_ptr() != s._values().data_ptr()
    assert capi.sparse_check(dst) == 0
    s._indices()[0, 0] = 9  # a write through the view can break the invariants
    with pytest.raises(IndexError, match="out of range for size\\[0\\] = 5"):
        capi.sparse_check(s)


def test_cadd_into_one_of_its_inputs():
    a = sparse([[0, 1]], [1.0, 2.0], (3,))
    b = sparse([[1, 2, 2]], [10.0, 20.0, 30.0], (3,))
    capi.sparse_cadd(a, a, 2.0, b)
    assert a.is_coalesced() and a.to_dense().tolist() == [1.0, 22.0, 100.0]
    capi.sparse_cadd(b, a, 1.0, b, subtract=True)
    assert b.to_dense().tolist() == [1.0, 12.0, 50.0]
    capi.sparse_mul(a, a, 0.5)  # in place
    assert a.to_dense().tolist() == [0.5, 11.0, 50.0]
    r = th.zeros(3, dtype=th.float64)
    capi.sparse_spcadd(r, r, 2.0, a)
    assert r.tolist() == [1.0, 22.0, 100.0]


# ------------------------------------------------------------ bad input
def test_bad_indices_are_refused_naming_the_argument():
    before = th.debug.live()
    with pytest.raises(IndexError, match="indices\\[1\\]\\[0\\] = 3 is out of range for "
                                         "size\\[1\\] = 3"):
        sparse([[0], [3]], [1.0], (2, 3))
    with pytest.raises(IndexError, match="indices\\[0\\]\\[1\\] = -1"):
        sparse([[0, -1]], [1.0, 2.0], (2,))
    with pytest.raises(IndexError, match="negative index -1"):
        th.sparse_coo_tensor(th.tensor([[0, -1]]), th.tensor([1.0, 2.0]))
    with pytest.raises(TypeError, match="indices must be int64, got float32"):
        th.sparse_coo_tensor(th.tensor([[0.0]]), th.tensor([1.0]), (2,))
    with pytest.raises(ValueError, match="indices must be 2-dim"):
        th.sparse_coo_tensor(th.tensor([0, 1]), th.tensor([1.0, 2.0]), (2,))
    with pytest.raises(ValueError, match="values must have nnz = 2 rows"):
        sparse([[0, 1]], [1.0, 2.0, 3.0], (2,))
    with pytest.raises(ValueError, match="values must be nnz x \\[3\\]"):
        sparse([[0, 1]], np.ones((2, 4)), (2, 3))
    with pytest.raises(ValueError, match="size has 3 dims but indices give 1 sparse"):
        sparse([[0]], [1.0], (2, 3, 4))
    with pytest.raises(ValueError, match="product of the sizes overflows int64 at size\\[1\\]"):
        sparse([[0], [0]], [1.0], (1 << 32, 1 << 32))
    assert th.debug.live() == before


def test_bad_dims_are_refused():
    s = sparse([[0]], np.ones((1, 3)), (2, 3))  # one sparse, one dense dim
    with pytest.raises(ValueError, match="transposed dims must be sparse: dim1 1 is a dense dim"):
        s.transpose(0, 1)
    with pytest.raises(IndexError, match="dim0 5 out of range"):
        s.transpose(5, 0)
    with pytest.raises(ValueError, match="dim -2 appears more than once"):
        th.sparse.sum(s, (0, -2))
    with pytest.raises(ValueError, match="sparse must have 2 sparse and no dense dims"):
        th.sparse.mm(s, th.ones(3, 1, dtype=th.float64))
    with pytest.raises(ValueError, match="sizes and dims must match"):
        s + sparse([[0]], [1.0], (2,))
    with pytest.raises(TypeError, match="cannot be created directly"):
        th.SparseTensor()


# ------------------------------------------------------------ leak tooling
def test_live_counts_counter_and_tracking_see_sparse_tensors():
    before = th.debug.live()
    base = th.debug.counters()["th.sparse"]
    with th.debug.tracking():
        first = th.debug.last_serial()
        s = th.sparse_coo_tensor(th.tensor([[0]]), th.tensor([1.0]), (1,))
        line = sys._getframe().f_lineno - 1
        kinds = [(o.kind, o.shape, o.function) for o in th.debug.live_objects(since=first)]
        site = [o.site for o in th.debug.live_objects(since=first) if o.kind == "sparse tensor"]
    assert ("sparse tensor", (1,), "THSTensor_newWithTensorAndSize") in kinds
    assert site[0].endswith(f"test_sparse.py:{line}")
    assert th.debug.live().sparse == before.sparse + 1
    assert th.debug.counters()["th.sparse"] == base + 1
    assert "sparse=" in repr(th.debug.live())
    del s
    assert th.debug.live().sparse == before.sparse
    assert th.debug.counters()["th.sparse"] == base


def test_sparse_md_c_example_compiles_and_runs(tmp_path):
    """docs/SPARSE.md's C program: TH's newIndices/free example, running."""
    import os
    import subprocess

    import doc_examples
    from helpers import build_c_program

    doc = os.path.join(ROOT, "docs",
                       "SPARSE.md")
    (block,) = doc_examples.code_blocks(doc, "c")
    source = tmp_path / "sparse.c"  # absolute: build_c_program takes it as it is
    source.write_text(block.code)
    binary = build_c_program(str(source), tmp_path / "sparse")
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, "3\n1.5\n0 0\n", "")


LEAKY_SPARSE = """
import th

KEEP = []

def test_leaks_a_sparse_tensor():
    KEEP.append(th.sparse_coo_tensor(th.tensor([[0, 2]]), th.tensor([1.0, 2.0]), (3,)))
"""


def test_leak_plugin_reports_a_leaked_sparse_tensor_with_its_site(pytester, monkeypatch):
    from helpers import th_on_path
    from test_leak_plugin import run

    monkeypatch.setenv("PYTHONPATH", th_on_path()["PYTHONPATH"])  # the th under test

    result = run(pytester, LEAKY_SPARSE, "--th-leaks", "--th-leaks-track")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*th leak check: this test left objects alive: *th.sparse +1*",
        "*sparse tensor float32 [[]3[]] (refcount 1) created by THSTensor_newWithTensorAndSize "
        "at test_sample.py:6",
    ])

"""Searching and counting (THTensorSearch.h: searchsorted, bucketize,
bincount, histc) and what th._sort builds over sorting (unique,
unique_consecutive, diff, quantile, nanquantile), against torch 2.13."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

from test_sort import as_numpy, random_values, to_th, to_torch, torch_dtype

torch = pytest.importorskip("torch")

SEARCHABLE = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.bfloat16,
              th.float32, th.float64]


def same(got, expected):
    """The same dtype, shape and values (NaN equal to NaN)."""
    if isinstance(got, tuple):
        assert isinstance(expected, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            same(g, e)
        return
    e = to_th(expected)
    assert got.dtype == e.dtype and got.shape == e.shape, (got, expected)
    assert np.array_equal(as_numpy(got), as_numpy(e), equal_nan=True), (got, expected)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SEARCHABLE), st.sampled_from(SEARCHABLE), st.integers(0, 2 ** 32 - 1),
       st.booleans(), st.booleans(), st.booleans(), st.integers(0, 3))
def test_searchsorted_is_torchs(bdtype, vdtype, seed, right, rows, use_sorter, extra):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 9))
    lead = (int(rng.integers(1, 4)),) if rows else ()
    b = random_values(rng, bdtype, lead + (n,))
    values = random_values(rng, vdtype, lead + (extra,))
    if use_sorter:
        sorter = th.argsort(b, -1)
        tb, ts = to_torch(b), to_torch(sorter)
    else:
        b, sorter = th.sort(b, -1).values, None
        tb, ts = to_torch(b), None
    got = th.searchsorted(b, values, right=right, sorter=sorter)
    expected = torch.searchsorted(tb, to_torch(values), right=right, sorter=ts)
    same(got, expected)
    if not rows:
        same(th.bucketize(values, b, right=right, out_int32=True),
             torch.bucketize(to_torch(values), tb, right=right, out_int32=True))


def test_searchsorted_forms():
    s = th.tensor([1.0, 3.0, 5.0, 7.0])
    assert th.searchsorted(s, 3).shape == () and th.searchsorted(s, 3).item() == 1
    assert th.searchsorted(s, th.tensor([3.0]), side="right").tolist() == [2]
    assert th.searchsorted(s, th.tensor([3.0]), out_int32=True).dtype == th.int32
    out = th.empty(0, dtype=th.int64)
    assert th.searchsorted(s, th.tensor([[6.0]]), out=out) is out and out.tolist() == [[3]]
    assert th.bucketize(6.0, s).item() == 3
    nan = float("nan")
    same(th.searchsorted(th.tensor([1.0, nan]), th.tensor([nan, 5.0])),
         torch.searchsorted(torch.tensor([1.0, nan]), torch.tensor([nan, 5.0])))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([th.uint8, th.int8, th.int16, th.int32, th.int64]),
       st.sampled_from([None, th.float32, th.float64, th.int64, th.float16]),
       st.integers(0, 2 ** 32 - 1), st.integers(0, 12))
def test_bincount_is_torchs(dtype, wdtype, seed, minlength):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 20))
    x = th.from_numpy(rng.integers(0, 10, n)).to(dtype)
    w = None if wdtype is None else th.from_numpy(rng.normal(size=n)).to(wdtype)
    got = th.bincount(x, w, minlength)
    expected = torch.bincount(to_torch(x), None if w is None else to_torch(w), minlength)
    assert got.dtype == to_th(expected).dtype and got.shape == tuple(expected.shape)
    np.testing.assert_allclose(as_numpy(got), as_numpy(to_th(expected)), rtol=1e-6)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([th.float32, th.float64, th.float16, th.bfloat16]),
       st.integers(0, 2 ** 32 - 1), st.integers(1, 12),
       st.sampled_from([(0, 0), (-1, 1), (0, 3), (2, 2)]))
def test_histc_is_torchs(dtype, seed, bins, bounds):
    rng = np.random.default_rng(seed)
    x = th.from_numpy(rng.integers(-4, 5, int(rng.integers(1, 30))) / 2).to(dtype)
    same(th.histc(x, bins, *bounds), torch.histc(to_torch(x), bins, *bounds))
    assert th.equal(x.histc(bins, *bounds), th.histc(x, bins, *bounds))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([th.int64, th.float32, th.bool, th.int8, th.float64]),
       st.integers(0, 2 ** 32 - 1), st.sampled_from([None, 0, 1, -1]), st.booleans(),
       st.booleans(), st.sampled_from(["unique", "unique_consecutive"]))
def test_unique_is_torchs(dtype, seed, dim, inverse, counts, op):
    rng = np.random.default_rng(seed)
    shape = (int(rng.integers(0, 5)), int(rng.integers(1, 5)))
    t = th.from_numpy(rng.integers(0, 3, shape)).to(dtype)
    if rng.random() < 0.3:
        t = t.t()
    kw = dict(return_inverse=inverse, return_counts=counts, dim=dim)
    try:
        expected = getattr(torch, op)(to_torch(t), **kw)
    except RuntimeError as e:  # slices of nothing along another dim
        with pytest.raises(RuntimeError, match=str(e)[:20]):
            getattr(th, op)(t, **kw)
        return
    same(getattr(th, op)(t, **kw), expected)
    same(getattr(t, op)(**kw), getattr(torch, op)(to_torch(t), **kw))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([th.int64, th.float32, th.bool, th.int16]), st.integers(0, 2 ** 32 - 1),
       st.integers(0, 3), st.sampled_from([0, 1, -1]), st.booleans())
def test_diff_is_torchs(dtype, seed, n, dim, ends):
    rng = np.random.default_rng(seed)
    t = th.from_numpy(rng.integers(0, 4, (3, 5))).to(dtype)
    kw = {}
    if ends:
        shape = list(t.shape)
        shape[dim] = 2
        kw = dict(prepend=th.ones(*shape, dtype=dtype), append=th.zeros(*shape, dtype=dtype))
    same(th.diff(t, n, dim, **kw),
         torch.diff(to_torch(t), n, dim, **{k: to_torch(v) for k, v in kw.items()}))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([th.float32, th.float64]), st.integers(0, 2 ** 32 - 1),
       st.sampled_from(["linear", "lower", "higher", "midpoint", "nearest"]),
       st.sampled_from([None, 0, 1, -1]), st.booleans(), st.booleans(),
       st.sampled_from(["quantile", "nanquantile"]))
def test_quantile_is_torchs(dtype, seed, interpolation, dim, keepdim, many, op):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(int(rng.integers(1, 5)), int(rng.integers(1, 6))))
    a[rng.random(a.shape) < 0.15] = np.nan
    t = th.from_numpy(a).to(dtype)
    q = th.from_numpy(rng.random(3)).to(dtype) if many else float(rng.random())
    got = getattr(th, op)(t, q, dim, keepdim, interpolation=interpolation)
    tq = to_torch(q) if many else q
    expected = getattr(torch, op)(to_torch(t), tq, dim, keepdim, interpolation=interpolation)
    assert got.dtype == t.dtype and got.shape == tuple(expected.shape)
    np.testing.assert_allclose(as_numpy(got), expected.numpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("call, exc, match", [
    (lambda: th.searchsorted(th.tensor(1.0), th.tensor([1.0])), RuntimeError, "positive dim"),
    (lambda: th.searchsorted(th.ones(2, 3), th.ones(3, 1)), RuntimeError, "first N-1"),
    (lambda: th.searchsorted(th.ones(3), th.ones(1), side="up"), RuntimeError, "side"),
    (lambda: th.searchsorted(th.ones(3), th.ones(1), side="left", right=True), RuntimeError,
     "opposites"),
    (lambda: th.searchsorted(th.ones(3, dtype=th.bool), th.ones(1, dtype=th.bool)),
     NotImplementedError, "bool"),
    (lambda: th.searchsorted(th.ones(3), th.ones(1), sorter=th.tensor([0, 1, 5])),
     RuntimeError, "out of range"),
    (lambda: th.bucketize(th.ones(2), th.ones(1, 2)), RuntimeError, "1 dimension"),
    (lambda: th.bincount(th.tensor([-1, 2])), RuntimeError, "non-negative"),
    (lambda: th.bincount(th.ones(2)), NotImplementedError, "bincount"),
    (lambda: th.bincount(th.tensor([[1]])), RuntimeError, "1-d"),
    (lambda: th.bincount(th.tensor([1]), th.ones(2)), RuntimeError, "same length"),
    (lambda: th.bincount(th.tensor([1]), minlength=-1), RuntimeError, "minlength"),
    (lambda: th.histc(th.tensor([1, 2])), NotImplementedError, "histogram"),
    (lambda: th.histc(th.ones(2), bins=0), RuntimeError, "bins must be > 0"),
    (lambda: th.histc(th.ones(2), 2, 3, 1), RuntimeError, "larger than min"),
    (lambda: th.histc(th.tensor([float("nan"), 1.0])), RuntimeError, "not finite"),
    (lambda: th.diff(th.tensor(1.0)), RuntimeError, "one-dimensional"),
    (lambda: th.diff(th.ones(2), -1), RuntimeError, "non-negative"),
    (lambda: th.quantile(th.ones(2, dtype=th.int64), 0.5), RuntimeError, "float or double"),
    (lambda: th.quantile(th.ones(2), 1.5), RuntimeError, r"\[0, 1\]"),
    (lambda: th.quantile(th.empty(0), 0.5), RuntimeError, "non-empty"),
    (lambda: th.quantile(th.ones(2), th.tensor([0.5], dtype=th.float64)), RuntimeError,
     "same dtype"),
    (lambda: th.quantile(th.ones(2), 0.5, interpolation="cubic"), RuntimeError,
     "interpolation"),
])
def test_bad_arguments(call, exc, match):
    with pytest.raises(exc, match=match):
        call()

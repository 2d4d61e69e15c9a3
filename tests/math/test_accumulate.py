"""The accumulating members of the gather family (THTensorIndex.h's
scatterAdd, scatterReduce, indexAdd, indexPutAccumulate; th's scatter_add_,
scatter_reduce_, index_add_, index_put_, put_, take, masked_scatter_):
torch 2.13's values for every dtype, repeated indices adding up in torch's
order (float16 and bfloat16 accumulating in float as torch's do), its
errors, and nothing leaked on a failed allocation."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th

torch = pytest.importorskip("torch")

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int8", "uint8",
          "bool", "complex64"]


def assert_same(ours, theirs):
    assert tuple(ours.shape) == tuple(theirs.shape)
    assert ours.dtype.name == str(theirs.dtype).split(".")[-1]
    assert np.array_equal(np.array(ours.tolist(), dtype=complex),
                          np.array(theirs.tolist(), dtype=complex), equal_nan=True)


def pair(values, dtype):
    return th.tensor(values).to(getattr(th, dtype)), torch.tensor(values).to(getattr(torch, dtype))


rng = np.random.default_rng(0)
X = rng.standard_normal((4, 5)).astype(np.float32) * 4
SRC = rng.standard_normal((6, 5)).astype(np.float32) * 4
IDX = rng.integers(0, 4, (6, 5))


@pytest.mark.parametrize("dtype", DTYPES)
def test_scatter_add_and_reduce_are_torchs(dtype):
    (x, px), (s, ps) = pair(X, dtype), pair(SRC, dtype)
    i, pi = th.tensor(IDX), torch.tensor(IDX)
    assert_same(x.scatter_add(0, i, s), px.scatter_add(0, pi, ps))
    assert_same(x.t().scatter_add(1, i.t(), s.t()), px.t().scatter_add(1, pi.t(), ps.t()))
    for reduce in ["sum", "prod", "mean", "amax", "amin"]:
        if (dtype == "complex64" and reduce in ("amax", "amin", "mean")) or (
                dtype == "bool" and reduce == "mean"):
            continue
        for include_self in (True, False):
            assert_same(x.scatter_reduce(0, i, s, reduce, include_self=include_self),
                        px.scatter_reduce(0, pi, ps, reduce, include_self=include_self))
    y = x.clone()
    assert y.scatter_add_(0, i, s) is y and th.scatter_add(x, 0, i, s).tolist() == y.tolist()


@pytest.mark.parametrize("inner", [1, 3, 4, 7, 1001])
@pytest.mark.parametrize("layout", ["contiguous", "strided"])
def test_float32_scatter_add_along_the_last_dim_sums_in_torchs_order(inner, layout):
    """A float32 scatter_add_ along the last dim (contiguous rows take an
    unrolled loop): each destination sums its entries in index order, as
    torch's serial loop, so that the bits agree even where many entries
    meet (indices in 0..2) and values of very different sizes cancel."""
    r = np.random.default_rng(inner)
    src = (r.standard_normal((5, inner)) * 10.0 ** r.integers(-6, 7, (5, inner))).astype(np.float32)
    idx = r.integers(0, 3, (5, inner))
    x0 = r.standard_normal((5, 3)).astype(np.float32)
    ours, theirs = th.from_numpy(x0.copy()), torch.from_numpy(x0.copy())
    ti, pi, ts, ps = th.from_numpy(idx), torch.from_numpy(idx), th.from_numpy(src), \
        torch.from_numpy(src)
    if layout == "strided":  # every other column of wider tensors
        wide_idx, wide_src = np.repeat(idx, 2, 1), np.repeat(src, 2, 1)
        ti, pi = th.from_numpy(wide_idx)[:, ::2], torch.from_numpy(wide_idx)[:, ::2]
        ts, ps = th.from_numpy(wide_src)[:, ::2], torch.from_numpy(wide_src)[:, ::2]
    ours.scatter_add_(1, ti, ts)
    theirs.scatter_add_(1, pi, ps)
    assert np.array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize("index_dtype", ["int64", "int32"])
def test_a_bad_index_in_a_late_row_changes_nothing(index_dtype):
    """The indices are checked before anything is written (rows on
    threads): an out-of-range entry in the last row of a large index
    leaves self as it was, and the message names the first bad entry in
    row-major order, as torch's."""
    idx = np.random.default_rng(1).integers(0, 1200, (1200, 1200))
    idx[1199, 5], idx[1199, 7] = 1200, -1
    x = th.zeros(1200, 1200)
    index = th.from_numpy(idx).to(getattr(th, index_dtype))
    with pytest.raises(RuntimeError, match="index 1200 is out of bounds for dim 1 with size 1200"):
        x.scatter_add_(1, index, th.ones(1200, 1200))
    assert x.sum().item() == 0
    idx[1199, 5] = 0
    with pytest.raises(RuntimeError, match="index -1 is out of bounds"):
        x.scatter_add_(1, th.from_numpy(idx).to(getattr(th, index_dtype)), th.ones(1200, 1200))
    with pytest.raises(RuntimeError, match="index -1 is out of bounds"):
        torch.zeros(1200, 1200).scatter_add_(1, torch.from_numpy(idx), torch.ones(1200, 1200))
    assert x.sum().item() == 0


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 5), (7,)])
def test_index_add_is_torchs(dtype, shape):
    x0 = rng.standard_normal(shape).astype(np.float32) * 4
    s0 = rng.standard_normal((9,) + shape[1:]).astype(np.float32) * 4
    (x, px), (s, ps) = pair(x0, dtype), pair(s0, dtype)
    index = rng.integers(0, shape[0], 9)
    alphas = [1, 2, -3] + ([0.5, 3.3] if dtype in ("float32", "float64", "float16", "bfloat16",
                                                   "complex64") else [])
    for alpha in alphas:
        if dtype == "bool" and alpha != 1:
            continue
        ours = x.index_add(0, th.tensor(index), s, alpha=alpha)
        theirs = px.index_add(0, torch.tensor(index), ps, alpha=alpha)
        if dtype in ("float16", "bfloat16") and len(shape) > 1 and alpha != 1:
            # the one documented rounding difference (docs/TORCH.md)
            np.testing.assert_allclose(np.array(ours.float().tolist()),
                                       np.array(theirs.float().tolist()), rtol=4e-2, atol=0.1)
        else:
            assert_same(ours, theirs)
    if len(shape) > 1:
        assert_same(x.t().index_add(1, th.tensor(index), s.t()),
                    px.t().index_add(1, torch.tensor(index), ps.t()))


@pytest.mark.parametrize("dtype", DTYPES)
def test_index_put_put_take_masked_scatter_are_torchs(dtype):
    (x, px), (v, pv) = pair(X, dtype), pair(rng.standard_normal(7).astype(np.float32), dtype)
    rows, cols = rng.integers(0, 4, 7), rng.integers(-5, 5, 7)
    for accumulate in (False, True):
        assert_same(x.index_put((th.tensor(rows), th.tensor(cols)), v, accumulate),
                    px.index_put((torch.tensor(rows), torch.tensor(cols)), pv, accumulate))
        flat = rng.integers(-20, 20, 7)
        assert_same(x.put(th.tensor(flat), v, accumulate),
                    px.put(torch.tensor(flat), pv, accumulate))
        assert_same(x.t().put(th.tensor(flat), v, accumulate),
                    px.t().put(torch.tensor(flat), pv, accumulate))
    picks = [[0, -1, 3], [7, 8, 19]]
    assert_same(x.t().take(th.tensor(picks)), px.t().take(torch.tensor(picks)))
    assert_same(th.take(x, th.tensor(picks)), torch.take(px, torch.tensor(picks)))
    mask = rng.random((4, 5)) < 0.4
    (s, ps) = pair(SRC, dtype)
    assert_same(x.masked_scatter(th.tensor(mask), s), px.masked_scatter(torch.tensor(mask), ps))
    assert_same(x.masked_scatter(th.tensor(mask[0]), s),
                px.masked_scatter(torch.tensor(mask[0]), ps))
    y = x.clone()
    assert y.masked_scatter_(th.tensor(mask), s) is y


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 6), k=st.integers(0, 12), data=st.data())
def test_repeated_indices_add_up_in_order(n, k, data):
    index = data.draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k))
    values = data.draw(st.lists(st.floats(-1e3, 1e3, width=32), min_size=k, max_size=k))
    x, px = th.zeros(n), torch.zeros(n)
    assert_same(x.index_add(0, th.tensor(index, dtype=th.int64), th.tensor(values)),
                px.index_add(0, torch.tensor(index, dtype=torch.int64), torch.tensor(values)))
    assert_same(x.index_put((th.tensor(index, dtype=th.int64),), th.tensor(values), True),
                px.index_put((torch.tensor(index, dtype=torch.int64),), torch.tensor(values),
                             True))


@pytest.mark.parametrize("call, error, match", [
    (lambda: th.zeros(3).scatter_add_(0, th.tensor([3]), th.ones(1)), RuntimeError, "3"),
    (lambda: th.zeros(3).scatter_add_(0, th.tensor([0.0]), th.ones(1)), RuntimeError, "int64"),
    (lambda: th.zeros(3).scatter_add_(0, th.tensor([0]), th.ones(1, dtype=th.int64)),
     RuntimeError, "dtype"),
    (lambda: th.zeros(3).scatter_reduce_(0, th.tensor([0]), th.ones(1), "median"), ValueError,
     "sum, prod, mean, amax or amin"),
    (lambda: th.zeros(3, dtype=th.complex64).scatter_reduce_(
        0, th.tensor([0]), th.ones(1, dtype=th.complex64), "amax"), NotImplementedError, "amax"),
    (lambda: th.zeros(3).index_add_(0, th.tensor([5]), th.ones(1)), IndexError, "5"),
    (lambda: th.zeros(3).index_add_(0, th.tensor([0, 1]), th.ones(1)), IndexError,
     "number of indices"),
    # a 0-dim source into a 1-dim self, and the reverse (the fuzzer found them taken)
    (lambda: th.zeros(5).index_add_(0, th.tensor([0]), th.ones(())), RuntimeError,
     "source tensor shape must match self tensor shape"),
    (lambda: th.zeros(()).index_add_(0, th.tensor([0]), th.ones(1)), RuntimeError,
     "source tensor shape must match self tensor shape"),
    (lambda: th.zeros(3, dtype=th.int64).index_add_(0, th.tensor([0]), th.ones(1, dtype=th.int64),
                                                   alpha=0.5), RuntimeError, "alpha"),
    (lambda: th.zeros(3).expand(2, 3).index_add_(1, th.tensor([0]), th.ones(2, 1)), RuntimeError,
     "share memory"),
    (lambda: th.zeros(3).index_put_((th.tensor([4]),), th.ones(1), True), IndexError, "4"),
    (lambda: th.zeros(3).index_put_(th.tensor([0]), th.ones(1)), TypeError, "tuple"),
    # an IndexError, as torch's (the fuzzer found a ValueError)
    (lambda: th.zeros(3).put_(th.tensor([0, 1]), th.ones(1)), IndexError, "same number"),
    (lambda: th.zeros(3).put_(th.tensor([3]), th.ones(1)), IndexError, "out of bounds"),
    (lambda: th.zeros(3).take(th.tensor([0.0])), TypeError, "long"),
    (lambda: th.zeros(3).masked_scatter_(th.tensor([1, 0, 1]), th.ones(3)), TypeError, "bool"),
    (lambda: th.zeros(3).masked_scatter_(th.tensor([True, True, False]), th.ones(1)), ValueError,
     "at least 2"),
])
def test_bad_input_is_refused(call, error, match):
    with pytest.raises(error, match=match):
        call()


@pytest.mark.parametrize("dtype", ["float32", "int64", "bool"])
def test_index_add_takes_a_bool_alpha_as_torch(dtype):
    """alpha=True is 1, as for add's alpha (the fuzzer found it refused)."""
    ours, theirs = (lib.index_add(lib.zeros(3, dtype=getattr(lib, dtype)), 0,
                                  lib.tensor([0, 2, 0]),
                                  lib.ones(3, dtype=getattr(lib, dtype)), alpha=alpha)
                    for lib in (th, torch) for alpha in (True,))
    assert_same(ours, theirs)


def test_failed_allocations_leave_self_and_the_counts_unchanged():
    calls = [lambda x: x.scatter_add_(0, th.tensor([[0, 1]]), th.ones(1, 2, dtype=x.dtype)),
             lambda x: x.index_add_(1, th.tensor([1, 1]), th.ones(2, 2, dtype=x.dtype)),
             lambda x: x.index_put_((th.tensor([0, 0]),), th.ones(2, dtype=x.dtype), True),
             lambda x: x.scatter_reduce_(0, th.tensor([[1, 0]]), th.ones(1, 2, dtype=x.dtype),
                                         "amax", include_self=False)]
    for dtype in (th.float32, th.float16):
        for call in calls:
            for after in range(1, 12):
                x = th.arange(4.0).view(2, 2).to(dtype)
                before, values = th.debug.live(), x.tolist()
                with th.debug.fail_allocations(after=after) as failure:
                    try:
                        call(x)
                    except MemoryError:
                        assert x.tolist() == values
                assert th.debug.live() == before
                if not failure.fired:
                    break

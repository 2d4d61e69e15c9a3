"""Scans: th.cumsum, cumprod (dtype=, torch's int64 promotion), cummax,
cummin, logcumsumexp and their C API (THTensorScan.h), against torch 2.13
over views (transposed, sliced, broadcast along the scanned dim), dtypes,
empty and 0-dim tensors, NaN and infinities; in place and out=."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

from test_sort import FLOATS, SELECTABLE, as_numpy, random_values, same_values, to_th, \
    to_torch, torch_dtype, views

torch = pytest.importorskip("torch")

SUMMABLE = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.bfloat16,
            th.float32, th.float64]
COMPLEX = [th.complex64, th.complex128]


def close(got, expected, dtype):
    """got (th) against torch's expected: exact for integers, within the
    dtype's rounding of a few operations for floats."""
    e = to_th(expected)
    assert got.dtype == e.dtype and got.shape == e.shape
    if got.dtype in FLOATS or got.dtype in COMPLEX:
        rtol = {th.float16: 2e-3, th.bfloat16: 2e-2, th.float32: 1e-5, th.float64: 1e-12,
                th.complex64: 1e-5, th.complex128: 1e-12}[dtype]
        g, x = as_numpy(got), as_numpy(e)
        for part in (np.real, np.imag):  # a complex NaN or inf compared part by part
            np.testing.assert_allclose(part(g), part(x), rtol=rtol, atol=rtol, equal_nan=True)
    else:
        same_values(got, e)


@settings(max_examples=200, deadline=None)
@given(views(SUMMABLE), st.sampled_from(["cumsum", "cumprod"]),
       st.sampled_from([None, th.float64, th.int32, th.float32]))
def test_cumsum_and_cumprod_are_torchs(case, op, dtype):
    t, dim = case
    got = getattr(th, op)(t, dim, dtype=dtype)
    expected = getattr(torch, op)(to_torch(t), dim,
                                  dtype=None if dtype is None else torch_dtype(dtype))
    if got.dtype == th.int32 or (got.dtype == th.int64 and t.dtype in FLOATS):
        return  # float -> int conversions of NaN and inf differ between libraries
    close(got, expected, got.dtype)
    assert got.dtype == (dtype or (t.dtype if t.dtype in FLOATS else th.int64))


@settings(max_examples=200, deadline=None)
@given(views(SELECTABLE + [th.bool]), st.sampled_from(["cummax", "cummin"]))
def test_cummax_and_cummin_are_torchs_values_and_indices(case, op):
    t, dim = case
    values, indices = getattr(th, op)(t, dim)
    expected = getattr(torch, op)(to_torch(t), dim)
    same_values(values, to_th(expected.values))
    assert np.array_equal(indices.numpy(), expected.indices.numpy())


@settings(max_examples=100, deadline=None)
@given(views(FLOATS))
def test_logcumsumexp_is_torchs(case):
    t, dim = case
    close(th.logcumsumexp(t, dim), torch.logcumsumexp(to_torch(t), dim), t.dtype)


@settings(max_examples=200, deadline=None)
@given(views(COMPLEX))
def test_complex_logcumsumexp_is_torchs(case):
    """Both parts of torch's complex logcumsumexp (accumulated in complex128,
    NaN parts infectious, -inf and +inf real parts its special cases) for
    any view, including a scan along a broadcast dim."""
    t, dim = case
    got = th.logcumsumexp(t, dim)
    assert got.dtype == t.dtype
    close(got, torch.logcumsumexp(to_torch(t), dim), t.dtype)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_complex_logcumsumexp_at_infinities_and_nan(dtype):
    """Every ordered triple of special values, scanned as torch scans them."""
    inf, nan = float("inf"), float("nan")
    special = [1 + 2j, complex(-inf, 1), complex(-inf, -3), complex(inf, 0.5), complex(inf, -2),
               complex(nan, 0), complex(0, nan), 3 - 1j, -1e30 + 0j, 80 + 400j, 0j,
               complex(-inf, inf), complex(inf, inf), complex(inf, nan)]
    n = len(special)
    rows = np.array([[special[i // n // n], special[i // n % n], special[i % n]]
                     for i in range(n ** 3)])
    t = th.from_numpy(rows).to(dtype)
    close(th.logcumsumexp(t, 1), torch.logcumsumexp(to_torch(t), 1), dtype)
    # the same rows scanned side by side (dim 0 of the transposed copy)
    tt = t.t().contiguous()
    close(th.logcumsumexp(tt, 0), torch.logcumsumexp(to_torch(tt), 0), dtype)


def test_long_complex_logcumsumexp_rows_and_columns():
    rng = np.random.default_rng(5)
    a = rng.normal(0, 3, (70, 600)) + 1j * rng.normal(0, 3, (70, 600))
    for dtype in COMPLEX:
        t = th.from_numpy(a).to(dtype)
        for dim in (0, 1):
            close(th.logcumsumexp(t, dim), torch.logcumsumexp(to_torch(t), dim), dtype)


def test_cumsum_along_a_broadcast_dim_and_of_a_transposed_tensor():
    base = th.tensor([[1.0, 2.0, 3.0]])
    assert th.cumsum(base.expand(4, 3), 0).tolist() == [[1, 2, 3], [2, 4, 6], [3, 6, 9],
                                                        [4, 8, 12]]
    m = th.arange(6, dtype=th.float32).view(2, 3).t()
    assert th.cumsum(m, 1).tolist() == torch.cumsum(torch.arange(6.0).view(2, 3).t(), 1).tolist()


def test_long_scans_are_split_across_threads_alike():
    t = random_values(np.random.default_rng(3), th.float64, (300, 5000))
    old = th.get_num_threads()
    try:
        th.set_num_threads(1)
        one = th.cumsum(t, 1), th.cummax(t, 0)
        th.set_num_threads(2)
        two = th.cumsum(t, 1), th.cummax(t, 0)
    finally:
        th.set_num_threads(old)
    assert np.array_equal(one[0].numpy(), two[0].numpy(), equal_nan=True)
    assert th.equal(one[1].indices, two[1].indices)
    close(two[0], torch.cumsum(to_torch(t), 1), th.float64)


def test_in_place_and_out():
    t = th.tensor([1, 2, 3, 4], dtype=th.int16)
    assert t.cumsum_(0) is t and t.tolist() == [1, 3, 6, 10] and t.dtype == th.int16
    t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    t.cumprod_(1)
    assert t.tolist() == [[1.0, 2.0], [3.0, 12.0]]
    out = th.empty(0, dtype=th.float64)
    assert th.cumsum(th.tensor([1, 2]), 0, out=out) is out and out.tolist() == [1.0, 3.0]
    values, indices = th.empty(0), th.empty(0, dtype=th.int64)
    r = th.cummax(th.tensor([1.0, 3.0, 2.0]), 0, out=(values, indices))
    assert r.values is values and indices.tolist() == [0, 1, 1]
    # into a transposed view of the input itself: computed aside
    m = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    th.cumsum(m, 0, out=m.t())
    assert m.t().tolist() == [[1.0, 2.0], [4.0, 6.0]]


def test_empty_and_zero_dim():
    assert th.cumsum(th.empty(0, 3), 0).shape == (0, 3)
    assert th.cummax(th.empty(2, 0), 1).indices.shape == (2, 0)
    assert th.cumprod(th.tensor(3.0), -1).item() == 3.0
    assert th.logcumsumexp(th.tensor(0.0), 0).item() == 0.0
    # torch copies a 0-dim input: no scan turns -inf + 2j into -inf + 0j
    assert th.logcumsumexp(th.tensor(complex(float("-inf"), 2)), 0).item() == \
        complex(float("-inf"), 2)


@pytest.mark.parametrize("call, exc, match", [
    (lambda: th.logcumsumexp(th.ones(2, dtype=th.int64), 0), NotImplementedError, "int64"),
    (lambda: th.logcumsumexp(th.ones(2, dtype=th.bool), 0), NotImplementedError, "bool"),
    (lambda: th.logcumsumexp(th.ones(2, dtype=th.complex64), 0, out=th.empty(0)),
     RuntimeError, "expected a result of dtype complex64, but got float32"),
    (lambda: th.logcumsumexp(th.ones(2), 0, out=th.empty(0, dtype=th.float64)),
     RuntimeError, "expected a result of dtype float32, but got float64"),
    (lambda: th.cummax(th.ones(2, dtype=th.uint16), 0), NotImplementedError, "uint16"),
    (lambda: th.cumsum(th.ones(2, dtype=th.bool), 0, dtype=th.bool), NotImplementedError,
     "bool"),
    (lambda: th.cumprod(th.ones(2), 0, dtype=th.bool), NotImplementedError, "bool"),
    (lambda: th.cumsum(th.ones(2), 1), IndexError, "dim"),
    (lambda: th.cumsum(th.ones(2)), TypeError, "positional"),
    (lambda: th.cumsum(th.ones(2), 0, out=th.ones(1).expand(2)), RuntimeError, "share"),
    (lambda: th.cumsum(th.ones(2), 0, dtype=th.float64, out=th.ones(2)), RuntimeError, "dtype"),
    (lambda: th.cummax(th.ones(2), 0, out=(th.empty(0), th.empty(0))), RuntimeError, "int64"),
])
def test_bad_arguments(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_tensor_methods():
    t = th.tensor([[3.0, 1.0], [2.0, 5.0]])
    assert th.equal(t.cumsum(0), th.cumsum(t, 0)) and th.equal(t.cumprod(1), th.cumprod(t, 1))
    assert th.equal(t.cummax(0).indices, th.cummax(t, 0).indices)
    assert th.equal(t.cummin(1).values, th.cummin(t, 1).values)
    assert th.equal(t.logcumsumexp(0), th.logcumsumexp(t, 0))
    assert t.cumsum(0, dtype=th.int64).dtype == th.int64


def test_running_extremes_of_a_scalar_or_nothing_take_any_dtype():
    """torch checks cummax's dtype only when there is a row to walk."""
    r = th.cummax(th.tensor(2, dtype=th.uint32), 0)
    assert r.values.item() == 2 and r.values.dtype == th.uint32 and r.indices.item() == 0
    assert th.cummin(th.empty(0, dtype=th.complex64), 0).values.shape == (0,)
    with pytest.raises(NotImplementedError):
        th.cummin(th.ones(1, dtype=th.complex64), 0)

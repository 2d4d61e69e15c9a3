"""Reductions: th.sum, prod, mean, max/min, amax/amin, argmax/argmin,
all, any, norm, var, std and their C API (THTensorMath.h), against numpy for
values and torch (when installed) for result dtypes and shapes."""
import ctypes
import math
import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import EVERY_DTYPE, NUMPY_DTYPES, to_numpy

VALUE_OPS = ["sum", "prod", "mean", "amax", "amin", "all", "any", "norm", "var", "std"]


def numpy_reduce(op, a, axis, keepdim):
    """numpy's answer for th's op (axis: a tuple, or None for every dim)."""
    if op == "norm":
        return np.sqrt(np.sum(np.abs(a) ** 2, axis=axis, keepdims=keepdim))
    if op in ("var", "std"):
        return getattr(np, op)(a, axis=axis, keepdims=keepdim, ddof=1)
    return getattr(np, op)(a, axis=axis, keepdims=keepdim)


@st.composite
def view_and_dims(draw):
    """A float64 numpy array, the same view of it in th (a permutation and a
    slice with a step), and the dims to reduce (None, or a list)."""
    shape = draw(st.lists(st.integers(0, 5), min_size=0, max_size=4))
    base = np.arange(1, int(np.prod(shape)) + 1, dtype=np.float64).reshape(shape)
    base = np.asarray(np.sin(base) * 3)  # values of both signs, no ties in practice
    t = th.from_numpy(base)
    a = base
    if len(shape) > 1:
        perm = draw(st.permutations(range(len(shape))))
        a, t = a.transpose(perm), t.permute(*perm)
    if len(shape) > 0 and a.shape[0] > 0:
        step = draw(st.integers(1, 2))
        a, t = a[::step], t[::step]
    if draw(st.booleans()):
        dims = None
    else:
        dims = draw(st.lists(st.integers(-max(len(shape), 1), max(len(shape), 1) - 1),
                             unique_by=lambda d: d % max(len(shape), 1), max_size=len(shape)))
    return a, t, dims, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(view_and_dims(), st.sampled_from(VALUE_OPS))
def test_values_are_numpys_for_any_view_dims_and_keepdim(case, op):
    a, t, dims, keepdim = case
    axis = None if not dims else tuple(dims)
    if a.ndim == 0 and axis is not None:
        axis = None  # a scalar's dim 0 is the whole of it
    if op in ("amax", "amin") and a.size and any(
            a.shape[d] == 0 for d in (range(a.ndim) if axis is None else axis)):
        with pytest.raises((IndexError, RuntimeError), match="non-zero size|specified"):
            getattr(th, op)(t, dim=dims if dims else (), keepdim=keepdim)
        return
    if op in ("amax", "amin") and a.size == 0 and (axis is None or not a.ndim or any(
            a.shape[d] == 0 for d in axis)):
        with pytest.raises((IndexError, RuntimeError)):
            getattr(th, op)(t, dim=dims if dims else (), keepdim=keepdim)
        return
    with np.errstate(all="ignore"):
        expected = numpy_reduce(op, a, axis, keepdim)
    got = getattr(th, op)(t, dim=dims, keepdim=keepdim)
    assert got.shape == np.shape(expected)
    np.testing.assert_allclose(to_numpy(got), expected, rtol=1e-12, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(view_and_dims(), st.sampled_from(["max", "min"]), st.data())
def test_max_min_with_a_dim_are_numpys_values_and_first_indices(case, op, data):
    a, t, _, keepdim = case
    if a.ndim == 0:
        values, indices = getattr(th, op)(t, 0, keepdim)
        assert values.item() == a.item() and indices.item() == 0
        return
    dim = data.draw(st.integers(-a.ndim, a.ndim - 1))
    if a.shape[dim] == 0:
        with pytest.raises(IndexError, match=f"Expected reduction dim {dim % a.ndim} to have "
                                             "non-zero size"):
            getattr(th, op)(t, dim, keepdim)
        return
    result = getattr(th, op)(t, dim, keepdim)
    values, indices = result
    assert result.values is values and result.indices is indices
    np.testing.assert_array_equal(to_numpy(values), getattr(np, op)(a, dim, keepdims=keepdim))
    np.testing.assert_array_equal(to_numpy(indices),
                                  getattr(np, "arg" + op)(a, dim, keepdims=keepdim))
    arg = getattr(th, "arg" + op)(t, dim, keepdim)
    np.testing.assert_array_equal(to_numpy(arg), to_numpy(indices))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([np.float32, np.float64]),
       st.integers(1, 3 * 1024 + 40),  # runs across the blocks of 1024
       st.lists(st.tuples(st.floats(0, 1), st.sampled_from(
           [np.nan, 0.0, -0.0, 2.0, -2.0, np.inf, -np.inf])), max_size=4),
       st.integers(0, 2**32 - 1))
def test_extremes_of_long_contiguous_runs_are_numpys(dtype, n, planted, seed):
    """max/min/argmax/argmin of a contiguous float run (the blocked vector
    kernel): the first NaN, else the first of the extremes; values of few
    distinct levels, so that ties are common."""
    a = np.random.default_rng(seed).integers(-3, 3, n).astype(dtype)
    for where, value in planted:
        a[min(int(where * n), n - 1)] = value
    t = th.from_numpy(a)
    for op in ("max", "min"):
        value = getattr(t, op)().item()
        expected = getattr(np, op)(a)
        assert value == expected or (math.isnan(value) and math.isnan(expected))
        assert getattr(th, "arg" + op)(t).item() == getattr(np, "arg" + op)(a)
        values, indices = getattr(t.view(1, n), op)(1)
        assert indices.item() == getattr(np, "arg" + op)(a)
        extreme = getattr(th, "a" + op)(t.view(1, n), 1).item()  # the value alone
        assert extreme == expected or (math.isnan(extreme) and math.isnan(expected))
        if value == 0:  # a signed zero: the one at the index
            assert math.copysign(1, value) == math.copysign(1, a[indices.item()])


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int8, np.int16, np.uint16, np.int32,
                                   np.uint32, np.int64, np.uint64])
def test_integer_sums_of_every_width_are_numpys_and_wrap(dtype):
    """Integer sums run one loop per input dtype (contiguous and strided),
    accumulate in 64 bits and wrap there, as torch's do."""
    rng = np.random.default_rng(4)
    info = np.iinfo(dtype) if dtype is not np.bool_ else None
    a = (rng.random(5003) > 0.5 if info is None else
         rng.integers(info.min, info.max, 5003, dtype=dtype, endpoint=True))
    t = th.from_numpy(a)
    assert t.sum().dtype is th.int64  # torch's dtype, uint64 included; bits modulo 2^64
    assert t.sum().item() % 2**64 == int(a.sum(dtype=np.uint64))
    assert t[::3].sum().item() % 2**64 == int(a[::3].sum(dtype=np.uint64))
    for dim in (0, 1):
        got = to_numpy(t[:5000].view(50, 100).sum(dim)).astype(np.uint64)
        np.testing.assert_array_equal(got, a[:5000].reshape(50, 100).sum(dim, dtype=np.uint64))
    big = th.tensor([2**62, 2**62, 2**62])  # int64: wraps
    assert big.sum().item() == -2**62


def test_argmax_without_dim_counts_in_the_flattened_logical_order():
    a = np.array([[1.0, 9.0, 3.0], [9.0, 2.0, 0.0]])
    t = th.from_numpy(a)
    for x, tx in [(a, t), (a.T, t.T), (a[:, ::2], t[:, ::2])]:
        assert th.argmax(tx).item() == np.argmax(x)  # ties: the first, in logical order
        assert th.argmin(tx).item() == np.argmin(x)
        assert tx.max().item() == x.max() and tx.min().item() == x.min()
        assert tx.max().shape == () and tx.argmax(keepdim=True).shape == (1, 1)


def test_nan_propagates_through_max_min_and_sums():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, np.nan], [7.0, 8.0, 9.0]])
    t = th.from_numpy(a)
    for op in ("max", "min"):
        values, indices = getattr(t, op)(1)
        np.testing.assert_array_equal(to_numpy(values), getattr(np, op)(a, 1))
        np.testing.assert_array_equal(to_numpy(indices), [1, 2, getattr(np, "arg" + op)(a[2])])
        assert math.isnan(getattr(t, op)().item())
        np.testing.assert_array_equal(to_numpy(getattr(t, "a" + op)(0)), getattr(np, op)(a, 0))
    assert th.argmax(t).item() == 1  # the first NaN, as torch and numpy
    np.testing.assert_array_equal(to_numpy(t.sum(1)), a.sum(1))
    assert math.isnan(t.norm(p=float("inf")).item())


# each over 4 MiB, so that the work is split across threads
@pytest.mark.parametrize("shape", [(1 << 21,), (1100, 1000), (3, 400, 1000), (64, 256, 256)])
def test_long_reductions_match_numpy_and_do_not_depend_on_the_thread_count(shape):
    rng = np.random.default_rng(1)
    a = rng.standard_normal(shape).astype(np.float32)
    t = th.from_numpy(a)
    cases = [(t, a)] + ([(t.transpose(0, -1), a.swapaxes(0, -1))] if len(shape) > 1 else [])
    before = th.get_num_threads()
    try:
        for tx, x in cases:
            for dim in [None] + list(range(x.ndim)):
                for op in ("sum", "amax", "var", "norm"):
                    results = []
                    for threads in (1, 2, 3):
                        th.set_num_threads(threads)
                        results.append(to_numpy(getattr(tx, op)(dim=dim)))
                    for r in results[1:]:
                        np.testing.assert_array_equal(r, results[0])
                    expected = numpy_reduce(op, x.astype(np.float64), dim, False)
                    np.testing.assert_allclose(results[0], expected, rtol=2e-6, atol=1e-4)
                values, indices = tx.max(0)
                np.testing.assert_array_equal(to_numpy(indices), x.argmax(0))
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.float16, th.int32, th.uint8,
                                   th.bool, th.complex64, th.uint64])
@pytest.mark.parametrize("perm", [(0, 1, 2), (2, 1, 0), (1, 2, 0)])
def test_both_walks_for_every_op_and_dtype_are_numpys(dtype, perm):
    """Shapes wide enough (>= 8) that a kept dim is walked as a row of states
    (the rows walk) when it is the narrowest, and runs otherwise."""
    rng = np.random.default_rng(4)
    a = rng.integers(0, 4, (6, 20, 12)).astype(NUMPY_DTYPES[dtype])
    if dtype.is_complex:
        a = a + 1j * rng.integers(0, 4, a.shape).astype(a.dtype)
    t = th.from_numpy(a).permute(*perm)
    x = a.transpose(perm).astype(np.complex128 if dtype.is_complex else np.float64)
    tolerance = dict(rtol=2e-3 if dtype == th.float16 else 1e-6)
    for dims in [(0,), (1,), (2,), (0, 2), (1, 2), None]:
        axis = dims
        np.testing.assert_allclose(to_numpy(t.sum(dims)).astype(x.dtype), x.sum(axis),
                                   **tolerance)
        np.testing.assert_allclose(to_numpy(t.prod(dims)).astype(x.dtype) if dtype != th.float16
                                   else x.prod(axis), x.prod(axis), **tolerance)
        assert to_numpy(t.all(dims)).tolist() == x.all(axis).tolist()
        assert to_numpy(t.any(dims)).tolist() == x.any(axis).tolist()
        if dtype.is_floating_point or dtype.is_complex:
            np.testing.assert_allclose(to_numpy(t.mean(dims)), x.mean(axis), **tolerance)
            np.testing.assert_allclose(to_numpy(t.var(dims)), x.var(axis, ddof=1), **tolerance)
            for p in (1, 2, float("inf"), 0.5):
                expected = (np.abs(x).max(axis) if p == float("inf") else
                            (np.abs(x) ** p).sum(axis) ** (1 / p))
                got = to_numpy(t.norm(p, dims))  # float16's may overflow, as numpy's cast
                np.testing.assert_allclose(got, expected.astype(got.dtype), **tolerance)
        if not dtype.is_complex:
            np.testing.assert_array_equal(to_numpy(t.amax(dims)).astype(x.dtype), x.max(axis))
            np.testing.assert_array_equal(to_numpy(t.amin(dims)).astype(x.dtype), x.min(axis))
            if dims is not None and len(dims) == 1:
                values, indices = t.max(dims[0])
                np.testing.assert_array_equal(to_numpy(indices), x.argmax(dims[0]))
                np.testing.assert_array_equal(to_numpy(t.argmin(dims[0])), x.argmin(dims[0]))


def test_float32_sum_of_ten_million_is_within_numpys_pairwise_error():
    rng = np.random.default_rng(2)
    a = (rng.random(10_000_000, dtype=np.float32) * 2 + 1e-3).astype(np.float32)
    reference = a.astype(np.float64).sum()
    got = th.from_numpy(a).sum().item()
    assert abs(got - reference) <= abs(float(a.sum()) - reference) + 1e-3
    assert abs(got - reference) / reference < 1e-7  # float32 rounding of the exact sum
    # and along a dim, both walks (rows and runs)
    m = a.reshape(2500, 4000)
    for dim in (0, 1):
        ref = m.astype(np.float64).sum(dim)
        np.testing.assert_allclose(to_numpy(th.from_numpy(m).sum(dim)), ref, rtol=1e-7)
        np.testing.assert_allclose(to_numpy(th.from_numpy(m).T.sum(1 - dim)), ref, rtol=1e-7)


def test_broadcast_and_0_dim_inputs():
    t = th.tensor([1.0, 2.0, 3.0]).expand(4, 3)  # stride 0 in dim 0
    np.testing.assert_array_equal(to_numpy(t.sum(0)), [4.0, 8.0, 12.0])
    np.testing.assert_array_equal(to_numpy(t.sum(1)), [6.0] * 4)
    assert t.sum().item() == 24 and t.prod().item() == 6.0 ** 4
    s = th.tensor(2.5)
    for op in ("sum", "mean", "amax", "prod"):
        assert getattr(s, op)().item() == 2.5 and getattr(s, op)().shape == ()
        assert getattr(s, op)(0, keepdim=True).shape == ()
    assert s.max(0).indices.item() == 0 and s.argmax().item() == 0


def test_empty_reductions_give_the_identity_or_nan():
    e = th.zeros(0, 3)
    np.testing.assert_array_equal(to_numpy(e.sum(0)), [0.0] * 3)
    np.testing.assert_array_equal(to_numpy(e.prod(0)), [1.0] * 3)
    assert all(math.isnan(v) for v in e.mean(0).tolist())
    assert all(math.isnan(v) for v in e.var(0).tolist())
    assert e.all().item() is True and e.any().item() is False
    assert e.norm().item() == 0.0
    assert e.sum(1).shape == (0,) and e.max(1).values.shape == (0,)  # nothing reduced
    # nothing to reduce for var/std either (their second-pass states were once
    # leaked on this path: the ASan suite's LeakSanitizer checks it)
    assert e.var(1).shape == (0,) and e.std(1, keepdim=True).shape == (0, 1)
    assert e.sum(1, keepdim=True).shape == (0, 1)


@pytest.mark.parametrize("call, exc, message", [
    (lambda t: t.sum(2), IndexError, "out of range"),
    (lambda t: t.sum(-3), IndexError, "out of range"),
    (lambda t: t.sum((0, 0)), RuntimeError, "dim 0 appears multiple times"),
    (lambda t: t.sum((1, -1)), RuntimeError, "dim 1 appears multiple times"),
    (lambda t: t.sum("a"), TypeError, "dim must be"),
    (lambda t: t.sum(1.5), TypeError, "dim must be an int, a sequence of ints or None"),
    (lambda t: t.max((0, 1)), TypeError, "dim must be an int or None"),
    (lambda t: th.zeros(2, 0).max(1), IndexError, "Expected reduction dim 1 to have non-zero"),
    (lambda t: th.zeros(0).max(), RuntimeError, "Expected reduction dim to be specified"),
    (lambda t: th.zeros(0, 2).argmax(), IndexError, "Expected reduction dim to be specified"),
    (lambda t: th.zeros(0, 2).amin(0), IndexError, "non-zero size"),
    (lambda t: th.zeros(2, dtype=th.int32).mean(), RuntimeError, "floating point or complex"),
    (lambda t: th.zeros(2, dtype=th.int64).var(), RuntimeError, "floating point or complex"),
    (lambda t: th.zeros(2, dtype=th.uint8).norm(), RuntimeError, "floating point or complex"),
    (lambda t: th.zeros(2, dtype=th.complex64).max(), RuntimeError, "complex"),
    (lambda t: th.zeros(2, dtype=th.complex64).argmin(0), RuntimeError, "complex"),
    (lambda t: t.var(0, True, correction=1), TypeError, "either unbiased= or correction="),
    (lambda t: t.var(True, True), TypeError, "unbiased given twice"),
    (lambda t: t.norm(p="nuc"), ValueError, "'fro'"),
    (lambda t: t.norm(p=[1]), TypeError, "p must be a number"),
    (lambda t: th.max(t, 0, out=(t,)), TypeError, "pair of tensors"),
    (lambda t: th.max(t, out=(t, t)), TypeError, "needs a dim"),
    (lambda t: th.sum(t, out=[1]), TypeError, "out must be a th.Tensor"),
])
def test_bad_input_raises_a_clear_exception(call, exc, message):
    t = th.ones(2, 3)
    with pytest.raises(exc, match=message):
        call(t)
    assert t.refcount == 1


def test_result_dtypes_follow_torch():
    torch = pytest.importorskip("torch")
    torch_dtypes = {d: getattr(torch, str(d).split(".")[-1]) for d in EVERY_DTYPE}
    for dtype in EVERY_DTYPE:
        t = th.ones(2, 3, dtype=dtype)
        tt = torch.ones(2, 3, dtype=torch_dtypes[dtype])
        for op in ["sum", "prod", "mean", "amax", "amin", "argmax", "all", "any", "norm",
                   "var", "std", "max"]:
            # torch's prod, argmax and max take one dim
            for kw in ([{}, {"dim": 1}, {"dim": (0, 1)}] if op not in ("prod", "argmax", "max")
                       else [{}, {"dim": 1}]):
                try:
                    expected = getattr(tt, op)(**kw)
                except (NotImplementedError, RuntimeError) as e:
                    if not dtype.is_complex and (isinstance(e, NotImplementedError)
                                                 or "bool input" in str(e)):
                        # th goes further, as numpy: max/min/argmax of uint16/32/64
                        # (torch has no kernels) and argmax/argmin of bool
                        got = getattr(t, op)(**kw)
                        got = got.values if op == "max" and kw else got
                        assert got.shape == ((2,) if kw.get("dim") == 1 else ())
                        continue
                    with pytest.raises(RuntimeError):
                        getattr(t, op)(**kw)
                    continue
                got = getattr(t, op)(**kw)
                if op == "max" and kw:
                    assert str(got.indices.dtype)[3:] == str(expected.indices.dtype)[6:]
                    got, expected = got.values, expected.values
                assert str(got.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1], \
                    (dtype, op, kw)
                assert got.shape == tuple(expected.shape)


@pytest.mark.parametrize("dtype", EVERY_DTYPE)
def test_every_dtype_sums_and_compares_as_numpy(dtype):
    values = [[3, 0, 7], [1, 5, 2]]
    t = th.tensor(values, dtype=dtype)
    a = np.array(values, dtype=NUMPY_DTYPES.get(dtype, np.float32))  # bfloat16: exact in float32
    assert t.sum(0).tolist() == a.sum(0).tolist()
    assert t.T.prod(1).tolist() == a.prod(0).tolist()
    assert t.all(1).tolist() == a.all(1).tolist()
    assert t.any(0).tolist() == a.any(0).tolist()
    if not dtype.is_complex:
        assert t.amax(1).tolist() == a.max(1).tolist()
        assert t.argmin(0).tolist() == a.argmin(0).tolist()


def test_integer_sums_are_exact_in_int64_and_wrap_as_torch():
    big = th.tensor([2 ** 62, 2 ** 62, 1], dtype=th.int64)
    assert big.sum().item() == -(2 ** 63) + 1  # wraps as int64
    u = th.tensor([2 ** 64 - 1, 1], dtype=th.uint64)
    assert u.amax().item() == 2 ** 64 - 1 and u.argmin().item() == 1
    i8 = th.full((1000,), 100, dtype=th.int8)
    assert i8.sum().item() == 100_000 and i8.sum().dtype == th.int64
    assert th.tensor([True, True, False]).sum().item() == 2


def test_mean_var_std_norm_of_floats_and_complex():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))
    t = th.from_numpy(a)
    np.testing.assert_allclose(to_numpy(t.mean(1)), a.mean(1))
    np.testing.assert_allclose(to_numpy(t.sum(0)), a.sum(0))
    np.testing.assert_allclose(to_numpy(t.prod(0)), a.prod(0))
    np.testing.assert_allclose(to_numpy(t.var(1)), a.var(1, ddof=1))
    assert t.var().dtype == th.float64 and t.norm().dtype == th.float64
    np.testing.assert_allclose(t.norm().item(), np.linalg.norm(a))
    r = a.real
    tr = th.from_numpy(r)
    for p, expected in [(1, np.abs(r).sum(1)), (float("inf"), np.abs(r).max(1)),
                        (-float("inf"), np.abs(r).min(1)), (0, (r != 0).sum(1)),
                        (3, (np.abs(r) ** 3).sum(1) ** (1 / 3)), ("fro", np.linalg.norm(r, axis=1))]:
        np.testing.assert_allclose(to_numpy(tr.norm(p, 1)), expected)
    np.testing.assert_allclose(to_numpy(tr.std(0, correction=0)), r.std(0))
    np.testing.assert_allclose(to_numpy(tr.var(0, False)), r.var(0))
    np.testing.assert_allclose(tr.var(False).item(), r.var())
    np.testing.assert_allclose(to_numpy(tr.var(1, correction=2)), r.var(1, ddof=2))
    assert math.isnan(th.ones(2).var(correction=2).item())  # 0 / 0, as torch


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16", "complex64",
                                   "complex128"])
def test_var_std_without_degrees_of_freedom_match_torch(dtype):
    """correction >= the count divides by 0: inf, or NaN where the sum of
    squares is 0; a complex var is var(real) + var(imag) as in torch, so NaN
    when either part is constant (th gave inf for [1+2.5j, 1+6j])."""
    torch = pytest.importorskip("torch")
    import warnings
    rows = [[1 + 1j, 2 + 3j], [1 + 1j, 2 + 1j], [1 + 2.5j, 1 + 6j], [1 + 1j, 1 + 1j], [3 - 1j]]
    if not dtype.startswith("complex"):
        rows = [[z.real for z in r] for r in rows] + [[1.0, 2.0]]
    for row in rows:
        for correction in (0, 1, 1.5, 2, 3):
            for kw in ({"dim": 0}, {}, {"dim": 0, "keepdim": True}):
                for f in ("var", "std"):
                    got = getattr(th.tensor(row, dtype=getattr(th, dtype)), f)(
                        correction=correction, **kw)
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        want = getattr(torch.tensor(row, dtype=getattr(torch, dtype)), f)(
                            correction=correction, **kw)
                    assert str(got.dtype) == str(want.dtype).replace("torch", "th")
                    np.testing.assert_allclose(got.to(th.float64).reshape(-1).tolist(),
                                               want.double().reshape(-1).tolist(),
                                               rtol=1e-3, err_msg=f"{f} {row} {correction}")


def test_dtype_argument_casts_before_reducing():
    t = th.tensor([1.7, 2.7, -0.5])
    assert t.sum(dtype=th.int64).item() == 3  # 1 + 2 + 0, as torch
    assert th.tensor([1, 2], dtype=th.int32).mean(dtype=th.float32).item() == 1.5
    h = th.full((4096,), 1.0, dtype=th.float16)
    assert h.sum().item() == 4096 and h.sum().dtype == th.float16


def test_out_forms_resize_and_convert_into_the_given_tensor():
    t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    out = th.empty(5, dtype=th.float64)
    assert th.sum(t, 1, out=out) is out
    assert out.shape == (2,) and out.tolist() == [3.0, 7.0]
    values, indices = th.empty(0), th.empty(0, dtype=th.int64)
    r = th.max(t, 0, out=(values, indices))
    assert r.values is values and values.tolist() == [3.0, 4.0] and indices.tolist() == [1, 1]
    same = th.empty(2)
    th.mean(t, 0, out=same)
    assert same.tolist() == [2.0, 3.0]
    th.sum(t, (0, 1), keepdim=True, out=t[:1, :1])  # a result that views the input
    assert t.tolist() == [[10.0, 2.0], [3.0, 4.0]]


LONG_CASES = [  # (dim, keepdim) over a (64, 8, 256) input: past the GIL threshold
    (None, False), (None, True), (0, False), (1, True), (-1, False), ((0, 2), False),
    ((2, 0), True), ((), False), ([-1, 1], True),
]


@pytest.mark.parametrize("dim, keepdim", LONG_CASES)
@pytest.mark.parametrize("op", ["sum", "mean", "amax", "norm", "var", "any"])
def test_long_reductions_into_out_of_the_reduced_shape_or_another(op, dim, keepdim):
    # an out= of the reduced shape is written without the GIL through a
    # pinned snapshot of it, and must be written where it lies; any other
    # is resized first (with the GIL held)
    t = th.tensor(np.arange(64 * 8 * 256, dtype=np.float32).reshape(64, 8, 256) % 13 - 6)
    f = getattr(th, op)
    args = {"dim": dim, "keepdim": keepdim} if dim != () or op != "amax" else {}
    if dim is None and op == "amax":
        args = {"keepdim": keepdim}
    expected = f(t, **args)
    for out in (th.empty(expected.shape), th.empty(3), th.empty(expected.shape).T
                if expected.dim() == 2 else th.empty(0)):
        ptr = out.data_ptr() if out.shape == expected.shape else None
        assert f(t, **args, out=out) is out
        assert out.shape == expected.shape
        np.testing.assert_allclose(to_numpy(out), to_numpy(expected), rtol=1e-6)
        if ptr is not None:
            assert out.data_ptr() == ptr
        assert out.refcount == 1 and out.storage().refcount == 2  # no pin left behind


def test_long_max_into_a_pair_of_the_reduced_shape_and_into_one_tensor_twice():
    t = th.tensor(np.arange(512 * 256, dtype=np.float32).reshape(512, 256) % 11)
    v, i = th.empty(512), th.empty(512, dtype=th.int64)
    expected = th.max(t, 1)
    assert th.max(t, 1, out=(v, i)) == (v, i)
    assert v.tolist() == expected.values.tolist() and i.tolist() == expected.indices.tolist()
    same = th.empty(512)
    with pytest.raises(ValueError, match="two different tensors"):
        th.max(t, 1, out=(same, same))


OUT_LAYOUTS = {  # name: the result given for the sum over dim 0 of a (6, 4) float32
    "contiguous": lambda t: th.empty(4),
    "resized": lambda t: th.empty(9),
    "every other": lambda t: th.empty(4, 2)[:, 0],
    "a column": lambda t: th.empty(2, 4).T[:, 1],
    "float64": lambda t: th.empty(4, dtype=th.float64),
    "int32": lambda t: th.empty(4, dtype=th.int32),
    "the input's last row": lambda t: t[5],
    "a column of the input": lambda t: t[:4, 1],
}


@pytest.mark.parametrize("layout", list(OUT_LAYOUTS))
def test_a_result_of_any_layout_gets_numpys_values_in_place(layout):
    a = np.arange(24, dtype=np.float32).reshape(6, 4) - 7
    t = th.tensor(a)
    out = OUT_LAYOUTS[layout](t)
    shape_kept = out.shape == (4,)
    strides, ptr = out.stride(), out.data_ptr()
    expected = a.sum(0).astype(NUMPY_DTYPES[out.dtype])
    assert th.sum(t, 0, out=out) is out
    np.testing.assert_array_equal(to_numpy(out), expected)
    if shape_kept:  # written where it lies
        assert out.stride() == strides and out.data_ptr() == ptr
    assert t.refcount == out.refcount == 1


@pytest.mark.parametrize("layout", ["contiguous", "resized", "every other", "the input's last row"])
def test_var_and_max_into_any_layout_get_numpys_values(layout):
    a = (np.arange(24, dtype=np.float32).reshape(6, 4) * 1.5) % 7
    for name, expected in (("var", a.var(0, ddof=1)), ("amax", a.max(0))):
        t = th.tensor(a)
        out = OUT_LAYOUTS[layout](t)
        assert getattr(th, name)(t, 0, out=out) is out
        np.testing.assert_allclose(to_numpy(out), expected, rtol=1e-6)
    t = th.tensor(a)
    values, indices = th.empty(0), th.empty(9, dtype=th.int64)
    th.max(t, 0, out=(values, indices))
    assert indices.tolist() == a.argmax(0).tolist() and values.tolist() == a.max(0).tolist()


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 9), cols=st.integers(1, 40), seed=st.integers(0, 2 ** 32 - 1),
       f64=st.booleans())
def test_max_and_min_over_rows_are_numpys_with_nans_ties_and_infinities(rows, cols, seed, f64):
    # the rows walk's row kernels: a NaN wins, ties keep the first, as numpy
    rng = np.random.default_rng(seed)
    a = rng.choice([0.0, 1.0, -2.0, np.inf, -np.inf, np.nan], size=(rows, cols),
                   p=[0.3, 0.3, 0.2, 0.05, 0.05, 0.1]).astype(np.float64 if f64 else np.float32)
    t = th.from_numpy(a)
    for name, np_values, np_index in (("max", np.max, np.argmax), ("min", np.min, np.argmin)):
        values, indices = getattr(th, name)(t, 0)
        np.testing.assert_array_equal(to_numpy(values), np_values(a, 0))
        np.testing.assert_array_equal(to_numpy(indices), np_index(a, 0))
        np.testing.assert_array_equal(to_numpy(getattr(th, "a" + name)(t, 0)), np_values(a, 0))


@settings(max_examples=60, deadline=None)
@given(shape=st.lists(st.integers(1, 40), min_size=1, max_size=3), seed=st.integers(0, 2 ** 32 - 1),
       data=st.data())
def test_int64_extremes_over_runs_and_rows_are_numpys_with_ties_and_limits(shape, seed, data):
    # int64 max/min keep int64 states: a run's value in one pass then its first place;
    # a row of states for the rows walk, amax/amin starting from the dtype's limits
    rng = np.random.default_rng(seed)
    lo, hi = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    a = rng.choice(np.array([lo, hi, -3, 0, 5, 5], dtype=np.int64), size=shape)
    dim = data.draw(st.integers(0, len(shape) - 1))
    if data.draw(st.booleans()) and len(shape) > 1:  # a transposed view: the other walk
        a = a.swapaxes(0, -1)
        t = th.from_numpy(np.ascontiguousarray(a.swapaxes(0, -1))).transpose(0, -1)
    else:
        t = th.from_numpy(a)
    for name, np_values, np_index in (("max", np.max, np.argmax), ("min", np.min, np.argmin)):
        values, indices = getattr(th, name)(t, dim)
        np.testing.assert_array_equal(to_numpy(values), np_values(a, dim))
        np.testing.assert_array_equal(to_numpy(indices), np_index(a, dim))
        np.testing.assert_array_equal(to_numpy(getattr(th, "a" + name)(t, dim)), np_values(a, dim))
        np.testing.assert_array_equal(to_numpy(getattr(th, "arg" + name)(t, dim)),
                                      np_index(a, dim))


INTEGER_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                  np.uint64, np.bool_]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
@pytest.mark.parametrize("shape", [(1, 300), (3, 4099), (9, 200), (200, 5), (2, 3, 130)])
def test_integer_extremes_in_their_own_dtype_are_numpys_with_ties_and_limits(dtype, shape):
    # every integer dtype's max/min keep states of its own dtype: rows four at a
    # time from the first (in the result itself when it has the dtype and is
    # contiguous, else cast into it), runs in one vectorised pass then the first place
    rng = np.random.default_rng(len(shape) * 1000 + shape[-1])
    if dtype is np.bool_:
        a = rng.integers(0, 2, shape).astype(np.bool_)
        a[..., :7] = False  # a column with no True
    else:
        info = np.iinfo(dtype)
        a = rng.choice(np.array([info.min, info.max, 0, 1, 5, 5], dtype=dtype), size=shape)
        a[..., 3] = info.min  # columns and runs of the limits alone
        a[..., 4] = info.max
    t = th.from_numpy(a)
    for dim in range(len(shape)):
        for name, np_values, np_index in (("max", np.max, np.argmax), ("min", np.min, np.argmin)):
            expected = np_values(a, dim)
            np.testing.assert_array_equal(to_numpy(getattr(th, "a" + name)(t, dim)), expected)
            values, indices = getattr(th, name)(t, dim)
            np.testing.assert_array_equal(to_numpy(values), expected)
            np.testing.assert_array_equal(to_numpy(indices), np_index(a, dim))
            if dtype is np.bool_:
                continue
            wide = th.empty(expected.shape, dtype=th.float64)  # the states cast into it
            getattr(th, "a" + name)(t, dim, out=wide)
            np.testing.assert_array_equal(to_numpy(wide), expected.astype(np.float64))
            # a strided result: written through the states of the class
            wide_dtype = th.uint64 if dtype is np.uint64 else th.int64
            holder = th.zeros(expected.shape + (2,), dtype=wide_dtype)
            getattr(th, "a" + name)(t, dim, out=holder.select(-1, 0))
            np.testing.assert_array_equal(to_numpy(holder)[..., 0],
                                          expected.astype(to_numpy(holder).dtype))


@pytest.mark.parametrize("run", [2, 3, 10, 16, 17])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int32, np.uint8,
                                   np.int64, np.int16])
@pytest.mark.parametrize("threads", [1, 2])
def test_short_runs_gathered_into_rows_are_numpys(run, dtype, threads):
    # results of up to 16 contiguous elements each (argmax over classes) go by the
    # rows walk, each of their rows gathered from the strided kept dim first: the
    # values and first indices of numpy, NaNs and ties included, whatever the layout
    rng = np.random.default_rng(run)
    if np.dtype(dtype).kind == "f":
        a = rng.choice([0.5, 1.0, -2.0, np.inf, -np.inf, np.nan], size=(5000, run),
                       p=[0.3, 0.3, 0.3, 0.03, 0.03, 0.04]).astype(dtype)
    else:
        a = rng.integers(0, 6, (5000, run)).astype(dtype)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        for t, x in ((th.from_numpy(a), a),  # the run is the last dim
                     (th.from_numpy(a.reshape(50, 100, run)), a.reshape(50, 100, run))):
            for name, np_values, np_index in (("max", np.max, np.argmax),
                                              ("min", np.min, np.argmin)):
                values, indices = getattr(th, name)(t, -1)
                np.testing.assert_array_equal(to_numpy(values), np_values(x, -1))
                np.testing.assert_array_equal(to_numpy(indices), np_index(x, -1))
                np.testing.assert_array_equal(to_numpy(getattr(th, "a" + name)(t, -1)),
                                              np_values(x, -1))
                np.testing.assert_array_equal(to_numpy(getattr(th, "arg" + name)(t, -1)),
                                              np_index(x, -1))
            if np.dtype(dtype).kind in "iu":  # integer sums and products wrap in int64
                np.testing.assert_array_equal(to_numpy(t.sum(-1)), x.astype(np.int64).sum(-1))
                np.testing.assert_array_equal(to_numpy(t.prod(-1)), x.astype(np.int64).prod(-1))
                np.testing.assert_array_equal(to_numpy(t.any(-1)), x.any(-1))
                np.testing.assert_array_equal(to_numpy(t.all(-1)), x.all(-1))
        # kept dims that do not merge into one: every other row of a 3-d view
        x = a.reshape(50, 100, run)[:, ::2]
        t = th.from_numpy(a.reshape(50, 100, run))[:, ::2]
        np.testing.assert_array_equal(to_numpy(th.argmax(t, 2, keepdim=True)),
                                      x.argmax(2)[..., None])
        np.testing.assert_array_equal(to_numpy(th.amin(t, -1)), x.min(-1))
        # strided results, written through the states of the class
        holder = th.zeros((5000, 2), dtype=th.from_numpy(a).dtype)
        th.amax(th.from_numpy(a), 1, out=holder.select(1, 1))
        np.testing.assert_array_equal(to_numpy(holder)[:, 1], a.max(1))
        places = th.full((5000, 2), -7, dtype=th.int64)
        th.argmin(th.from_numpy(a), 1, out=places.select(1, 0))
        np.testing.assert_array_equal(to_numpy(places)[:, 0], a.argmin(1))
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("run", [2, 3, 7, 15, 16, 17])
@pytest.mark.parametrize("dtype", [np.float64, np.float16])
@pytest.mark.parametrize("threads", [1, 2])
def test_short_float_sums_gathered_into_rows_add_in_order(run, dtype, threads):
    # float64 and float16 sums of fewer than 16 contiguous elements each go by the
    # rows walk, gathered, a row at a time: the bits of a sequential float64 sum from
    # +0.0 (a row of -0.0 gives +0.0), as a run of them alone has; float64's values
    # cancel, so that another order shows (float16's sums are exact in float64 in any
    # order: their values are checked); longer runs keep their pairwise order (values
    # checked); 4.8 MB of them are split across threads with the same bits
    rng = np.random.default_rng(run)
    big = 2.0 ** 40 if dtype == np.float64 else 2.0 ** 15
    a = rng.choice(np.array([big, -big, 1.0, 0.3, -7.25, 1e-3, -0.0], dtype),
                   size=(4_800_000 // (run * np.dtype(dtype).itemsize), run))
    a[:3] = -0.0
    steps = np.cumsum(np.concatenate([np.zeros((len(a), 1)), a.astype(np.float64)], 1), 1)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        t = th.from_numpy(a)
        for got, expected in ((t.sum(1), steps[:, -1]), (t.mean(1), steps[:, -1] / run),
                              (th.sum(t[:5], 1), steps[:5, -1])):  # (5 runs: a run at a time)
            with np.errstate(over="ignore"):
                expected = expected.astype(dtype)
            if run < 16:
                bits = np.uint64 if dtype == np.float64 else np.uint16
                np.testing.assert_array_equal(to_numpy(got).view(bits), expected.view(bits))
            else:
                np.testing.assert_allclose(to_numpy(got), expected, rtol=1e-3, atol=1e-2)
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("rows", [1, 2, 3])
@pytest.mark.parametrize("threads", [1, 2])
def test_float32_sums_of_a_few_rows_into_float32_round_the_sequential_float64_sum(rows, threads):
    # up to three float32 rows summed (or averaged) into a float32 result go in one
    # pass: the float64 sum from +0.0, a row after another, rounded once, as through
    # the states (values that cancel, so that another order shows; -0.0 rows give
    # +0.0); an out= of another layout or dtype goes through the states
    rng = np.random.default_rng(rows)
    a = rng.choice(np.array([2.0 ** 30, -2.0 ** 30, 1.0, 0.3, -7.25, 1e-3, -0.0], np.float32),
                   size=(rows, 1_200_000 // rows))
    a[:, :5] = -0.0
    steps = np.zeros(a.shape[1])
    for r in range(rows):
        steps = steps + a[r].astype(np.float64)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        t = th.from_numpy(a)
        for got, expected in ((t.sum(0), steps), (t.mean(0), steps / rows),
                              (th.sum(t[:, 7:1000], 0), steps[7:1000])):
            np.testing.assert_array_equal(to_numpy(got).view(np.uint32),
                                          expected.astype(np.float32).view(np.uint32))
        holder = th.zeros((a.shape[1], 2))
        th.sum(t, 0, out=holder.select(1, 1))
        np.testing.assert_array_equal(to_numpy(holder)[:, 1], steps.astype(np.float32))
        np.testing.assert_array_equal(to_numpy(t.sum(0, dtype=th.float64)), steps)
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int8, np.uint8,
                                   np.int64, np.uint64])
@pytest.mark.parametrize("rows", [1000, 5001])
def test_extremes_over_strided_runs_are_numpys(dtype, rows):
    # max/min over a strided run (dim 0 of a narrow matrix) go a chunk at a time
    # through the class's run kernel: numpy's values and first indices, with NaNs,
    # ties and limits in later chunks than the first
    rng = np.random.default_rng(rows)
    if np.dtype(dtype).kind == "f":
        a = rng.choice([0.5, 1.0, -2.0, np.inf, -np.inf], size=(rows, 3)).astype(dtype)
        a[rows - 400, 1] = np.nan
        a[700, 2] = np.nan
        a[rows - 1, 2] = np.nan
    else:
        info = np.iinfo(dtype)
        a = rng.integers(info.min // 2, info.max // 2, (rows, 3), dtype=dtype, endpoint=True)
        a[[300, rows - 2], 0] = info.max
        a[[400, rows - 3], 1] = info.min
        a[rows - 5, 2] = info.max  # alone, past the first chunk of every width
        a[rows - 7, 2] = info.min
    t = th.from_numpy(a)
    for view, x in ((t, a), (t[::2, ::2], a[::2, ::2]), (t.t(), a.T)):
        dim = 1 if view.shape[0] == 3 and view.shape[1] != 3 else 0
        for name, np_values, np_index in (("max", np.max, np.argmax), ("min", np.min, np.argmin)):
            values, indices = getattr(th, name)(view, dim)
            np.testing.assert_array_equal(to_numpy(values), np_values(x, dim))
            np.testing.assert_array_equal(to_numpy(indices), np_index(x, dim))
            np.testing.assert_array_equal(to_numpy(getattr(th, "a" + name)(view, dim)),
                                          np_values(x, dim))


@pytest.mark.parametrize("threads", [1, 2])
def test_short_runs_and_row_extremes_over_4_mib_split_across_threads_are_numpys(threads):
    # past 4 MiB the rows walk's bands go to th's threads: the same values either way
    rng = np.random.default_rng(threads)
    runs = rng.standard_normal((300000, 5)).astype(np.float32)   # 6 MB of 5-element runs
    rows = rng.integers(-2 ** 62, 2 ** 62, (64, 20000))           # 10 MB of int64 rows
    rows[:, :3] = np.iinfo(np.int64).min
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        t = th.from_numpy(runs)
        np.testing.assert_array_equal(to_numpy(th.argmax(t, 1)), runs.argmax(1))
        np.testing.assert_array_equal(to_numpy(th.amax(t, 1)), runs.max(1))
        r = th.from_numpy(rows)
        np.testing.assert_array_equal(to_numpy(th.amax(r, 0)), rows.max(0))
        np.testing.assert_array_equal(to_numpy(th.amin(r.to(th.float64), 0)),
                                      rows.astype(np.float64).min(0))
        values, indices = th.max(r, 0)
        np.testing.assert_array_equal(to_numpy(indices), rows.argmax(0))
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("shape, dim", [((64, 256, 256), 1), ((64, 256, 256), 2),
                                        ((4096, 16), 1), ((16, 2048), 0), ((8, 300, 3), 1)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sums_of_short_rows_and_runs_are_numpys(shape, dim, dtype):
    # short rows are added one at a time (long ones four at a time), short runs summed
    # one after another: numpy's values, float64 accumulators
    a = np.random.default_rng(7).standard_normal(shape).astype(dtype)
    expected = a.astype(np.float64).sum(dim)
    np.testing.assert_allclose(to_numpy(th.from_numpy(a).sum(dim)), expected,
                               rtol=1e-6 if dtype == np.float32 else 1e-12, atol=1e-4)
    np.testing.assert_allclose(to_numpy(th.from_numpy(a).mean(dim)), expected / shape[dim],
                               rtol=1e-6 if dtype == np.float32 else 1e-12, atol=1e-6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64, np.int32])
@pytest.mark.parametrize("threads", [1, 2])
def test_runs_of_short_rows_are_added_in_order(dtype, threads):
    # rows shorter than 4 KiB are added a run of the innermost reduced dim at
    # a call, in the order of the reduced positions: the bits of a sequential
    # float64 sum (numpy's over dims that are not the innermost) and wrapping
    # int64 sums, for any thread count; the values cancel (+-2^40 and small
    # ones), so that another order shows
    rng = np.random.default_rng(3)
    floats = np.issubdtype(dtype, np.floating)
    values = ([2.0**40, -2.0**40, 1.0, 0.3, -7.25, 1e-3] if floats else
              [np.iinfo(dtype).max, np.iinfo(dtype).min, 3, 1, -7])
    a = rng.choice(np.array(values, dtype), size=(6, 40, 3, 50))
    wide, out = (np.float64, dtype) if floats else (np.int64, np.int64)
    t = th.from_numpy(a)
    # (a view whose reduced dim steps 3 rows, and one reversed along dim 0)
    cases = [(t, a, (1,)), (t, a, (0, 1)), (t, a, (1, 2)), (t, a, (0, 2)),
             (t[:, ::3], a[:, ::3], (1,)), (t.flip(0)[:, 5:], a[::-1, 5:], (0, 1))]
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        for x, ax, dims in cases:
            with np.errstate(over="ignore"):
                expected = ax.astype(wide).sum(dims).astype(out)
            np.testing.assert_array_equal(to_numpy(x.sum(dims)), expected)
        if floats:
            np.testing.assert_array_equal(to_numpy(t.mean(1)),
                                          (a.astype(np.float64).sum(1) / 40).astype(dtype))
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("rows, cols", [(3, 9001), (17, 8192), (1, 20000), (16, 100),
                                        (33, 4099), (40, 31), (2, 64)])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_extremes_over_rows_in_several_bands_are_numpys(rows, cols, threads, dtype):
    # amax/amin keep states of the input's dtype band by band (4096 columns),
    # started as the first row, then four rows at a time and the last few
    # one by one, in the result itself when it has the dtype (else cast into it)
    rng = np.random.default_rng(rows)
    a = rng.choice([0.5, 1.0, -2.0, np.inf, -np.inf, np.nan], size=(rows, cols),
                   p=[0.3, 0.3, 0.3, 0.03, 0.03, 0.04]).astype(dtype)
    a[:, : cols // 2] = rng.standard_normal((rows, cols // 2))  # blocks with no special
    t = th.from_numpy(a)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        np.testing.assert_array_equal(to_numpy(th.amax(t, 0)), a.max(0))
        np.testing.assert_array_equal(to_numpy(th.amin(t, 0)), a.min(0))
        np.testing.assert_array_equal(to_numpy(th.amax(t.t().contiguous().t(), 0)), a.max(0))
        other = th.float64 if dtype == np.float32 else th.float32  # states cast into it
        cast = th.empty(cols, dtype=other)
        th.amax(t, 0, out=cast)
        np.testing.assert_array_equal(to_numpy(cast), a.max(0).astype(to_numpy(cast).dtype))
        three = th.from_numpy(np.ascontiguousarray(np.stack([a, -a]).transpose(1, 0, 2)))
        np.testing.assert_array_equal(to_numpy(th.amin(three, 0)), np.stack([a.min(0), -a.max(0)]))
    finally:
        th.set_num_threads(before)


@pytest.mark.parametrize("rows", [1, 3, 4, 7, 9])
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint64])
def test_integer_sums_and_extremes_over_long_rows_are_numpys(rows, dtype):
    # long integer rows go four at a time into the states (the last few one at a
    # time), over several bands of 4096 columns; sums wrap in 64 bits as numpy's
    info = np.iinfo(dtype)
    rng = np.random.default_rng(rows)
    a = rng.choice(np.array([info.min, info.max, 0, 1, 7, info.max // 3], dtype=dtype),
                   size=(rows, 9001))
    t = th.from_numpy(a)
    wide = np.uint64 if dtype == np.uint64 else np.int64
    with np.errstate(over="ignore"):
        expected = a.astype(wide).sum(0, dtype=wide)
    np.testing.assert_array_equal(to_numpy(t.sum(0)).astype(wide), expected)
    np.testing.assert_array_equal(to_numpy(t[:, 5:].sum(0)).astype(wide), expected[5:])
    if dtype == np.int64:
        np.testing.assert_array_equal(to_numpy(th.amax(t, 0)), a.max(0))
        np.testing.assert_array_equal(to_numpy(th.amin(t, 0)), a.min(0))
        three = np.ascontiguousarray(np.broadcast_to(a, (2,) + a.shape).swapaxes(0, 1))
        np.testing.assert_array_equal(to_numpy(th.amax(th.from_numpy(three), 0)),
                                      three.max(0))


def test_a_contiguous_result_is_written_without_a_temporary():
    t = th.ones(64, 40)
    # the rows walk writes each band into out; a strided out takes the states
    # of every result and a temporary (tensor, storage, data)
    for out, allocations in ((th.empty(40), 0), (th.empty(40, 2)[:, 0], 4)):
        with th.debug.count_allocations() as counted:
            th.sum(t, 0, out=out)
        assert counted.allocations == allocations
        assert out.tolist() == [64.0] * 40
    values, indices = th.empty(40), th.empty(40, dtype=th.int64)
    with th.debug.count_allocations() as counted:
        th.max(t, 0, out=(values, indices))
    assert counted.allocations == 0 and indices.tolist() == [0] * 40


def test_a_pair_result_with_shared_elements_changes_neither():
    t = th.tensor([[1.0, 5.0], [7.0, 3.0]])
    values, base = th.tensor([9.0, 9.0]), th.zeros(1, dtype=th.int64)
    with pytest.raises(RuntimeError, match="indices has elements that share memory"):
        th.max(t, 0, out=(values, base.expand(2)))
    assert values.tolist() == [9.0, 9.0] and base.tolist() == [0]


def test_dims_accepts_sequences_and_index_objects_and_empty_means_all():
    t = th.ones(2, 3, 4)
    assert t.sum([0, 2]).tolist() == [8.0] * 3
    assert t.sum(np.int64(1)).shape == (2, 4)
    assert t.sum(()).item() == 24 and t.amax([]).item() == 1


# ------------------------------------------------------------------ C API
LIB = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
P = ctypes.c_void_p
INTS = ctypes.POINTER(ctypes.c_int)


def c(name, restype, *argtypes):
    f = getattr(LIB, name)
    f.restype, f.argtypes = restype, list(argtypes)
    return f


THTensor_free = c("THTensor_free", None, P)
THTensor_refcount = c("THTensor_refcount", ctypes.c_int64, P)
THTensor_dtype = c("THTensor_dtype", ctypes.c_int, P)
THTensor_nDimension = c("THTensor_nDimension", ctypes.c_int, P)
THTensor_nElement = c("THTensor_nElement", ctypes.c_int64, P)


def dims_arg(dims):
    return None if dims is None else (ctypes.c_int * max(len(dims), 1))(*dims)


NEW_FORMS = {  # name: (extra leading args, takes a dims list)
    "newSum": ((), True), "newProd": ((), True), "newMean": ((), True),
    "newAmax": ((), True), "newAmin": ((), True), "newAll": ((), True), "newAny": ((), True),
    "newNorm": ((ctypes.c_double,), True), "newVar": ((), True), "newStd": ((), True),
    "newArgmax": ((), False), "newArgmin": ((), False),
}


def call_new(name, t, dims, keepdim=0):
    lead, many = NEW_FORMS[name]
    if name in ("newVar", "newStd"):
        f = c("THTensor_" + name, P, P, ctypes.c_int, INTS, ctypes.c_double, ctypes.c_int)
        return f(capi.tensor_address(t), len(dims or ()), dims_arg(dims), 1.0, keepdim)
    if many:
        f = c("THTensor_" + name, P, P, *lead, ctypes.c_int, INTS, ctypes.c_int)
        return f(capi.tensor_address(t), *([2.0] if lead else []), len(dims or ()),
                 dims_arg(dims), keepdim)
    f = c("THTensor_" + name, P, P, INTS, ctypes.c_int)
    return f(capi.tensor_address(t), dims_arg(dims), keepdim)


@pytest.mark.parametrize("name", list(NEW_FORMS))
def test_c_new_forms_return_a_new_reference_and_borrow_the_input(name):
    t = th.from_numpy(np.arange(1.0, 7.0).reshape(2, 3))
    storage = t.storage()
    refs = (t.refcount, storage.refcount)
    before = th.debug.live()
    for dims in (None, [1], [-2]):
        r = call_new(name, t, dims)
        assert r and THTensor_refcount(r) == 1
        assert THTensor_nDimension(r) == (0 if dims is None else 1)
        expected = th.int64 if "Arg" in name else th.bool if name in ("newAll", "newAny") \
            else th.float64
        assert THTensor_dtype(r) == expected.scalar_type
        THTensor_free(r)
    assert (t.refcount, storage.refcount) == refs and th.debug.live() == before


@pytest.mark.parametrize("name", list(NEW_FORMS))
def test_c_new_forms_fail_with_null_and_the_exception(name):
    t = th.ones(2, 3)
    with pytest.raises(IndexError, match=f"THTensor_{name}: .*out of range"):
        call_new(name, t, [5])
    assert t.refcount == 1


def test_c_result_forms_write_into_result_and_refuse_null():
    t = th.tensor([[1.0, 5.0], [7.0, 3.0]])
    result, indices = th.empty(0, dtype=th.float64), th.empty(0, dtype=th.int64)
    f = c("THTensor_sum", ctypes.c_int, P, P, ctypes.c_int, INTS, ctypes.c_int)
    assert f(capi.tensor_address(result), capi.tensor_address(t), 1, dims_arg([0]), 1) == 0
    assert result.tolist() == [[8.0, 8.0]] and result.refcount == 1
    with pytest.raises(ValueError, match="THTensor_sum: result is NULL"):
        f(None, capi.tensor_address(t), 1, dims_arg([0]), 1)
    m = c("THTensor_max", ctypes.c_int, P, P, P, INTS, ctypes.c_int)
    assert m(capi.tensor_address(result), capi.tensor_address(indices), capi.tensor_address(t),
             dims_arg([1]), 0) == 0
    assert result.tolist() == [5.0, 7.0] and indices.tolist() == [1, 0]
    assert m(capi.tensor_address(result), capi.tensor_address(indices), capi.tensor_address(t),
             None, 0) == 0
    assert result.tolist() == 7.0 and indices.tolist() == 2
    with pytest.raises(ValueError, match="two different tensors"):
        m(capi.tensor_address(result), capi.tensor_address(result), capi.tensor_address(t),
          None, 0)
    for name, args in [("THTensor_prod", ()), ("THTensor_mean", ()), ("THTensor_amax", ()),
                       ("THTensor_amin", ()), ("THTensor_all", ()), ("THTensor_any", ())]:
        g = c(name, ctypes.c_int, P, P, ctypes.c_int, INTS, ctypes.c_int)
        assert g(capi.tensor_address(result), capi.tensor_address(t), 0, None, 0) == 0
    assert result.item() == 1.0  # any, converted to the result's float64
    for name in ("THTensor_var", "THTensor_std"):
        g = c(name, ctypes.c_int, P, P, ctypes.c_int, INTS, ctypes.c_double, ctypes.c_int)
        assert g(capi.tensor_address(result), capi.tensor_address(t), 0, None, 0.0, 0) == 0
    assert result.item() == pytest.approx(np.std([1.0, 5.0, 7.0, 3.0]))
    g = c("THTensor_norm", ctypes.c_int, P, P, ctypes.c_double, ctypes.c_int, INTS, ctypes.c_int)
    assert g(capi.tensor_address(result), capi.tensor_address(t), 1.0, 0, None, 0) == 0
    assert result.item() == 16.0
    for name in ("THTensor_argmax", "THTensor_argmin"):
        g = c(name, ctypes.c_int, P, P, INTS, ctypes.c_int)
        assert g(capi.tensor_address(indices), capi.tensor_address(t), None, 0) == 0
    assert indices.item() == 0
    m = c("THTensor_min", ctypes.c_int, P, P, P, INTS, ctypes.c_int)
    assert m(capi.tensor_address(result), capi.tensor_address(indices), capi.tensor_address(t),
             dims_arg([0]), 0) == 0
    assert result.tolist() == [1.0, 3.0] and indices.tolist() == [0, 1]
    assert t.refcount == result.refcount == indices.refcount == 1


def test_a_failing_result_form_leaves_the_result_unchanged():
    t = th.ones(2, 3)
    out = th.tensor([1.0, 2.0])
    with pytest.raises(RuntimeError):
        th.sum(t, (0, 0), out=out)
    with pytest.raises(IndexError):
        th.amax(th.zeros(0, 3), 0, out=out)
    assert out.tolist() == [1.0, 2.0]


def test_numpy_functions_reach_the_methods_with_numpys_arguments():
    a = np.array([[1.0, 5.0, 2.0], [7.0, 3.0, 0.5]])
    t = th.from_numpy(a)
    for f in (np.sum, np.prod, np.mean, np.max, np.min, np.all, np.any, np.argmax, np.argmin,
              np.std, np.var):
        got = f(t, axis=1, keepdims=True)
        assert isinstance(got, th.Tensor), f
        np.testing.assert_allclose(to_numpy(got), f(a, axis=1, keepdims=True))
        np.testing.assert_allclose(float(f(t)), f(a))
        every = f(t, axis=None, keepdims=True)  # every axis, kept: numpy's (1, 1)
        assert every.shape == (1, 1), f
        np.testing.assert_allclose(to_numpy(every), f(a, axis=None, keepdims=True))
    np.testing.assert_allclose(to_numpy(np.std(t, axis=0, ddof=1)), a.std(0, ddof=1))
    out = th.empty(0, dtype=th.float64)
    assert np.sum(t, axis=0, out=out) is out and out.tolist() == a.sum(0).tolist()
    # numpy's astype (and dtype.type), which numpy-minded code such as dask.array calls
    assert t.astype(th.int32).tolist() == a.astype(np.int32).tolist()
    assert t.astype(np.float32).dtype is th.float32 and t.astype(t.dtype) is not t
    assert t.astype(t.dtype, copy=False) is t
    assert th.float64.type is np.float64 and th.bool.type is np.bool_


FAILURE_CASES = {  # name: (arguments, reduction)
    "sum over rows": (lambda: th.ones(64, 40), lambda t: t.sum(0)),
    "sum of a long run (blocks)": (lambda: th.ones(1 << 17), lambda t: t.sum()),
    "var (two passes)": (lambda: th.ones(6, 40), lambda t: t.var(1)),
    "max pair": (lambda: th.ones(5, 7), lambda t: t.max(1)),
    "argmax of a transpose (a contiguous copy)": (lambda: th.ones(5, 7).T, th.argmax),
    "sum into out": (lambda: th.ones(5, 7), lambda t: th.sum(t, 1, out=th.empty(0))),
    "sum into a strided out (a temporary)":
        (lambda: th.ones(5, 7), lambda t: th.sum(t, 1, out=th.empty(5, 2)[:, 0])),
    "max pair into out": (lambda: th.ones(5, 7),
                          lambda t: th.max(t, 1, out=(th.empty(0), th.empty(0, dtype=th.int64)))),
    # the rows walk writing into results band by band
    "sum over rows into out": (lambda: th.ones(64, 40), lambda t: th.sum(t, 0, out=th.empty(0))),
    "var over rows into out": (lambda: th.ones(64, 40), lambda t: th.var(t, 0, out=th.empty(40))),
    "max pair over rows into out": (
        lambda: th.ones(64, 40),
        lambda t: th.max(t, 0, out=(th.empty(0), th.empty(40, 2, dtype=th.int64)[:, 0]))),
}


@pytest.mark.parametrize("name", list(FAILURE_CASES))
def test_every_failing_allocation_raises_and_frees_what_it_took(name):
    setup, action = FAILURE_CASES[name]
    t = setup()
    with th.debug.count_allocations() as counted:
        del_me = action(t)
    del del_me
    assert counted.allocations >= 2, f"{name}: {counted.allocations}"
    for k in range(1, counted.allocations + 1):
        before = th.debug.live()
        with th.debug.fail_allocations(after=k) as failure:
            with pytest.raises(MemoryError, match="failed to allocate"):
                action(t)
        assert failure.fired and th.debug.live() == before, f"{name}: allocation {k}"


@pytest.mark.parametrize("p", [math.inf, -math.inf, -1, -2, -0.5, 0, 1, 2, 3, 0.5])
@pytest.mark.parametrize("shape, dim", [((0, 3), 0), ((0, 3), (0, 1)), ((3, 0), 1), ((0,), None),
                                        ((3, 0), 0), ((0, 3), 1)])
def test_norm_over_an_empty_dim_is_torchs(p, shape, dim):
    """inf and negative p have no identity: refused (RuntimeError) as torch
    refuses them, like amax; p = 0, 1, 2, ... give 0; a dim that is not
    empty reduces an empty result as usual."""
    torch = pytest.importorskip("torch")
    try:
        expected = torch.norm(torch.empty(shape), p=p, dim=dim)
    except RuntimeError as e:
        gist = str(e).split(" because")[0].split("cannot compute")[1].split(" on the")[0]
        with pytest.raises(RuntimeError, match="cannot compute" + gist) as got:
            th.norm(th.empty(*shape), p=p, dim=dim)
        assert "does not have an identity" in str(got.value)
        return
    got = th.norm(th.empty(*shape), p=p, dim=dim)
    assert got.shape == tuple(expected.shape) and got.tolist() == expected.tolist()


@pytest.mark.parametrize("op", ["sum", "prod"])
@pytest.mark.parametrize("out_dtype", ["int8", "int64", "uint8", "bool"])
def test_float_sums_into_an_integer_out_truncate_each_element_first_as_torch(op, out_dtype):
    torch = pytest.importorskip("torch")
    got = []
    for lib in (th, torch):
        x = lib.tensor([[0.9, 1.9, -2.5], [0.9, 2.9, 1.2]], dtype=lib.bfloat16)
        out = lib.empty(0, dtype=getattr(lib, out_dtype))
        getattr(lib, op)(x, 0, out=out)
        got.append(out.tolist())
    assert got[0] == got[1]


@pytest.mark.parametrize("op", ["var", "std", "norm"])
@pytest.mark.parametrize("out_dtype", ["complex64", "complex128", "float64"])
def test_var_std_norm_of_complex_into_any_out_are_real_as_torch(op, out_dtype):
    """The spread and the norm of complex values are real: a complex out=
    gets imaginary part 0 (th wrote the imaginary parts' sum of squares
    there)."""
    torch = pytest.importorskip("torch")
    got = []
    for lib in (th, torch):
        x = lib.tensor([[0.99 - 4.3j, 0.65 - 12.7j, 1j], [2 + 1j, -1 - 1j, 0.5j]],
                       dtype=lib.complex128)
        out = lib.empty(0, dtype=getattr(lib, out_dtype))
        try:
            getattr(lib, op)(x, dim=1, out=out)
            got.append(out.tolist())
        except RuntimeError as e:
            got.append(type(e))
    if got[1] is RuntimeError:  # torch's norm refuses a complex out
        assert op == "norm" and out_dtype != "float64"
        got[0] = [complex(v).imag for v in got[0]]
        assert got[0] == [0.0, 0.0]
        return
    np.testing.assert_allclose(np.array(got[0]), np.array(got[1]), rtol=1e-6)
    assert all(complex(v).imag == 0 for v in got[0])


@pytest.mark.parametrize("op", ["sum", "prod"])
@pytest.mark.parametrize("out_dtype", ["float64", "float32", "int64"])
def test_complex_products_into_a_real_out_take_the_real_parts_first_as_torch(op, out_dtype):
    torch = pytest.importorskip("torch")
    got = []
    for lib in (th, torch):
        x = lib.tensor([[0.99 - 4.3j, 0.65 - 12.7j], [2 + 1j, -1.5 - 1j]], dtype=lib.complex128)
        out = lib.empty(0, dtype=getattr(lib, out_dtype))
        getattr(lib, op)(x, 1, out=out)
        got.append(out.tolist())
    np.testing.assert_allclose(got[0], got[1], rtol=1e-6)


@pytest.mark.parametrize("op", ["sum", "prod"])
@pytest.mark.parametrize("values, dtype", [
    ([[1, -1], [0, 3]], "int64"), ([[2 ** 62, 4], [0, 0]], "int64"), ([[1, 2], [0, 0]], "int8"),
    ([[0.5, -0.5], [0.0, 0.0]], "float32"), ([[1j, -1j], [0j, 1]], "complex64")])
def test_sums_into_a_bool_out_take_each_element_as_a_bool_first_as_torch(op, values, dtype):
    """Into a bool out= every element is a bool first: a sum is an or, a
    product an and (th gave sum([1, -1]) False, and a product wrapping to 0 in
    int64 False)."""
    torch = pytest.importorskip("torch")
    got = []
    for lib in (th, torch):
        out = lib.empty(0, dtype=lib.bool)
        getattr(lib, op)(lib.tensor(values, dtype=getattr(lib, dtype)), 1, out=out)
        got.append(out.tolist())
    assert got[0] == got[1]


def test_sums_into_an_out_of_any_dtype_are_torchs():
    """torch converts each element to out's dtype before summing: every pair
    of dtypes, with values that overflow float16 or round in bfloat16 (th
    gave -inf where int32 elements each overflow float16 to inf and -inf: torch's
    NaN)."""
    torch = pytest.importorskip("torch")
    names = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
             "float32", "float64", "complex64", "complex128"]
    rows = [[1e4, -3.5, 2 ** 31 - 1, 7], [65504, 65504, 1, -2], [0.5, 0.25, -1.5, 3],
            [-1665704337, 376060824, 3, 1]]
    for src in names:
        for dst in names:
            for row in rows:
                for op in ("sum", "prod"):
                    got = []
                    for lib in (th, torch):
                        x = lib.tensor(row, dtype=lib.float64).to(getattr(lib, src)).view(2, 2)
                        out = lib.empty(0, dtype=getattr(lib, dst))
                        try:
                            getattr(lib, op)(x, 1, out=out)
                            got.append(np.array(out.to(lib.complex128).tolist()))
                        except RuntimeError:
                            got.append(None)
                    if got[0] is None or got[1] is None:
                        assert got[0] is None and got[1] is None, (src, dst, row, op)
                        continue
                    np.testing.assert_allclose(got[0], got[1], rtol=1e-3, atol=1e-3,
                                               err_msg=f"{op} {src} -> {dst} {row}")


@pytest.mark.parametrize("op", ["var", "std"])
def test_spreads_into_a_narrower_float_out_convert_the_elements_first_as_torch(op):
    """bfloat16's 65536 is inf in a float16 out=: the variance is NaN, as
    torch's (th gave inf, the variance computed and then converted)."""
    torch = pytest.importorskip("torch")
    floats = ["float16", "bfloat16", "float32", "float64"]
    for src in floats:
        for dst in floats:
            got = []
            for lib in (th, torch):
                x = lib.tensor([[65536.0, -2.078], [0.1, 0.2], [3e38, -3e38]],
                               dtype=lib.float64).to(getattr(lib, src))
                out = lib.empty(0, dtype=getattr(lib, dst))
                getattr(lib, op)(x, dim=1, correction=0, out=out)
                got.append(out.double().numpy())
            np.testing.assert_allclose(got[0], got[1], rtol=1e-2, err_msg=f"{src} -> {dst}")


def lanes_sum(row):
    """The float64 sum of a contiguous float32 run as th defines it (THTensorReduce.c,
    sum1_f32): lane k of 32 takes elements k, k + 32, ...; then a tree of halves over
    the lanes, from the smallest power of two that covers the lanes used."""
    r = [0.0] * 32
    for t, x in enumerate(row.astype(np.float64).tolist()):
        r[t % 32] += x
    w = 32
    while w > 1 and w // 2 >= len(row):
        w //= 2
    w //= 2
    while w >= 1:
        for k in range(w):
            r[k] += r[k + w]
        w //= 2
    return r[0]


def rows_walk_sum(a):
    """The float64 sums over dim 0 of a float32/float64 matrix with rows of 4 KiB or more
    as th defines them (THTensorReduce.c, rows_band): from +0.0, four rows at a time
    as ((x0 + x1) + (x2 + x3)), the last few added in turn."""
    x = a.astype(np.float64)
    acc = np.zeros(a.shape[1])
    k = 0
    while k + 4 <= len(x):
        acc += (x[k] + x[k + 1]) + (x[k + 2] + x[k + 3])
        k += 4
    for row in x[k:]:
        acc += row
    return acc


@pytest.mark.parametrize("rows", [1, 2, 3, 4, 5, 6, 7, 9, 11])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_column_sums_of_long_rows_are_the_rows_walks_to_the_bit(rows, dtype):
    # the states start as 0 + the first rows (one pass, no fill) and the last
    # rows, fewer than four, are added in turn in one pass: the bits of a row
    # a pass. +-2^60 that cancel and small numbers tell the orders apart
    rng = np.random.default_rng(rows)
    col = np.array([2.0 ** 60, -2.0 ** 60, 1.0, 3.0, 0.5, -0.0, 2.0 ** 60, 0.25, -3.0, 7.0,
                    -2.0 ** 60])[:rows]
    a = np.ascontiguousarray(rng.permuted(np.tile(col, (5000, 1)), axis=1).T, dtype)
    a[:, :3] = -0.0  # columns of negative zeros sum to +0.0, as torch's
    bits = np.uint32 if dtype == np.float32 else np.uint64
    expected = rows_walk_sum(a).astype(dtype)
    got = to_numpy(th.from_numpy(a).sum(0))
    np.testing.assert_array_equal(got.view(bits), expected.view(bits))
    assert not np.signbit(got[:3]).any()
    out = th.full((5000,), float("nan"), dtype=th.float64)  # the result is the states itself
    th.sum(th.from_numpy(a), 0, out=out)
    np.testing.assert_array_equal(to_numpy(out).view(np.uint64),
                                  rows_walk_sum(a).view(np.uint64))
    ints = rng.integers(-2 ** 62, 2 ** 62, (rows, 5000))  # wrapping int64 sums, in place too
    total = th.full((5000,), -12345, dtype=th.int64)
    th.sum(th.from_numpy(ints), 0, out=total)
    np.testing.assert_array_equal(to_numpy(total), ints.sum(0))


@pytest.mark.parametrize("n", [1, 2, 7, 8, 9, 16, 17, 31, 32, 33, 48, 64, 100, 1000])
@pytest.mark.parametrize("threads", [1, 2])
def test_float32_row_sums_are_the_lanes_sums_to_the_bit(n, threads):
    # every row of sum(dim=-1) of float32 is summed in the same lanes and tree,
    # whichever CPU kernel (AVX-512, AVX2, plain C) or thread computes it. Rows of
    # +-2^60 that cancel and small numbers: a small number added while a lane
    # holds 2^60 is lost, so another order of adds gives another sum
    rng = np.random.default_rng(n)
    big = n // 3
    row = np.array([2.0 ** 60] * big + [-2.0 ** 60] * big + [1.0, 3.0, 0.5] * n)[:n]
    a = np.ascontiguousarray(rng.permuted(np.tile(row, (2048, 1)), axis=1), np.float32)
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        got = to_numpy(th.from_numpy(a).sum(1))
    finally:
        th.set_num_threads(before)
    expected = np.array([lanes_sum(row) for row in a]).astype(np.float32)
    assert got.tobytes() == expected.tobytes()

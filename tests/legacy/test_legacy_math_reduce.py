"""TH v0.4's typed math, the indexing, reduction, matrix and factory part
(include/TH/generic/THLegacyTensorMath.h; th/src/legacy/THLegacyMathReduce.c):
each function on each TH type family, against numpy/torch, with TH's result
shapes, argument orders and errors. Values marked "oracle" were taken from a
build of TH v0.4 itself (its ties in sort, topk, kthvalue and mode)."""
import ctypes
from ctypes import c_double, c_float, c_int, c_int64, c_void_p as P

import numpy as np
import pytest

import th
import th.legacy
from legacy_capi import legacy_fn

TYPES = ["Byte", "Char", "Short", "Int", "Long", "Float", "Double"]
FLOATS = ["Float", "Double"]
INTS = ["Byte", "Char", "Short", "Int", "Long"]
NP = {"Byte": np.uint8, "Char": np.int8, "Short": np.int16, "Int": np.int32,
      "Long": np.int64, "Float": np.float32, "Double": np.float64}
REAL = {"Byte": ctypes.c_uint8, "Char": ctypes.c_int8, "Short": ctypes.c_int16,
        "Int": ctypes.c_int32, "Long": c_int64, "Float": c_float, "Double": c_double}
ACC = {T: (c_double if T in FLOATS else c_int64) for T in TYPES}


def F(T, name, restype, *argtypes):
    return legacy_fn(f"TH{T}Tensor_{name}", restype, *argtypes)


def t(a, T):
    return th.tensor(np.ascontiguousarray(np.asarray(a).astype(NP[T])))


def nc(a, T):
    """A non-contiguous th tensor (every other element of a wider one) with
    a's values."""
    a = np.asarray(a).astype(NP[T])
    wide = np.zeros(a.shape[:-1] + (2 * a.shape[-1],), NP[T])
    wide[..., ::2] = a
    v = th.tensor(wide)[(slice(None),) * (a.ndim - 1) + (slice(None, None, 2),)]
    assert not v.is_contiguous()
    return v


def empty(T):
    return th.empty(0, dtype=th.tensor(np.zeros(1, NP[T])).dtype)


def longs(a):
    return th.tensor(np.asarray(a, dtype=np.int64))


def sample(T, shape, seed=0, lo=None, hi=None):
    rng = np.random.default_rng(seed)
    if T in FLOATS:
        return rng.standard_normal(shape).astype(NP[T])
    lo = 0 if lo is None else lo
    hi = (10 if T == "Byte" else 5) if hi is None else hi
    if lo < 0 and T == "Byte":
        lo = 0
    return rng.integers(lo, hi, shape).astype(NP[T])


def both(request_types=TYPES):
    return pytest.mark.parametrize("T", request_types)


# ------------------------------------------------------------- masked

@both()
@pytest.mark.parametrize("make", [t, nc])
def test_masked_fill_copy_select(T, make):
    a = sample(T, (3, 4))
    m = (np.arange(12).reshape(3, 4) % 3 == 0).astype(np.uint8)
    x = make(a, T)
    F(T, "maskedFill", None, P, P, REAL[T])(x, t(m, "Byte"), 7)
    want = a.copy()
    want[m == 1] = 7
    np.testing.assert_array_equal(x.numpy(), want)

    src = sample(T, (2, 5), seed=1)
    x = make(a, T)
    F(T, "maskedCopy", None, P, P, P)(x, t(m, "Byte"), make(src, T))
    want = a.copy()
    want[m == 1] = src.ravel()[: m.sum()]
    np.testing.assert_array_equal(x.numpy(), want)

    r = empty(T)
    F(T, "maskedSelect", None, P, P, P)(r, make(a, T), make(m, "Byte"))
    np.testing.assert_array_equal(r.numpy(), a[m == 1])


@both(["Float", "Long"])
def test_masked_errors(T):
    a = t(np.zeros((2, 2)), T)
    bad = t([[0, 2], [1, 0]], "Byte")
    with pytest.raises(RuntimeError, match="0 and 1"):
        F(T, "maskedFill", None, P, P, REAL[T])(a, bad, 1)
    with pytest.raises(RuntimeError, match="0 and 1"):
        F(T, "maskedSelect", None, P, P, P)(empty(T), a, bad)
    ones = t(np.ones((2, 2)), "Byte")
    with pytest.raises(RuntimeError, match="src < number of ones"):
        F(T, "maskedCopy", None, P, P, P)(a, ones, t([1, 2, 3], T))
    with pytest.raises(RuntimeError, match="Number of elements of destination"):
        F(T, "maskedCopy", None, P, P, P)(a, t([1, 1, 1], "Byte"), t([1, 2, 3], T))
    np.testing.assert_array_equal(a.numpy(), 0)
    with pytest.raises(TypeError, match="not a THByteTensor"):
        F(T, "maskedFill", None, P, P, REAL[T])(a, t(np.ones((2, 2)), "Long"), 1)


@both()
def test_nonzero(T):
    a = sample(T, (3, 4, 2), seed=2, lo=-1, hi=2)
    sub = longs([1])
    F(T, "nonzero", None, P, P)(sub, nc(a, T))
    np.testing.assert_array_equal(sub.numpy(), np.argwhere(a != 0))
    F(T, "nonzero", None, P, P)(sub, t(np.zeros(3), T))
    assert sub.dim() == 0  # (0, 1) is TH's empty tensor: 0 dims


# ------------------------------------------------------------- indexed

@both()
@pytest.mark.parametrize("dim", [0, 1])
def test_index_select(T, dim):
    a = sample(T, (4, 3))
    idx = [3, 0, 0, 2]
    r = empty(T)
    F(T, "indexSelect", None, P, P, c_int, P)(r, nc(a, T), dim, longs(idx) if dim == 0
                                               else longs([2, 0, 1, 1, 2]))
    want = a[idx] if dim == 0 else a[:, [2, 0, 1, 1, 2]]
    np.testing.assert_array_equal(r.numpy(), want)
    v = t(sample(T, (5,)), T)
    F(T, "indexSelect", None, P, P, c_int, P)(r, v, 0, longs([4, 1]))
    np.testing.assert_array_equal(r.numpy(), v.numpy()[[4, 1]])


@both(["Int", "Double"])
def test_index_select_errors(T):
    a = t(np.zeros((3, 2)), T)
    f = F(T, "indexSelect", None, P, P, c_int, P)
    for args, msg in [((a, 0, longs([3])), "out of range"), ((a, 0, longs([-1])), "out of range"),
                      ((a, 2, longs([0])), "out of bounds"), ((a, -1, longs([0])), "out of bounds"),
                      ((a, 0, longs([[0]])), "vector")]:
        r = t([5, 6], T)
        with pytest.raises(RuntimeError, match=msg):
            f(r, *args)
        np.testing.assert_array_equal(r.numpy(), [5, 6])


@both()
def test_index_copy_add_fill(T):
    a = sample(T, (4, 3))
    src = sample(T, (4, 2), seed=3)
    idx = [2, 0]
    x = nc(a, T)
    F(T, "indexCopy", None, P, c_int, P, P)(x, 1, longs(idx), t(src, T))
    want = a.copy()
    want[:, idx] = src
    np.testing.assert_array_equal(x.numpy(), want)

    x = t(a, T)
    s2 = sample(T, (3, 3), seed=4)
    F(T, "indexAdd", None, P, c_int, P, P)(x, 0, longs([1, 1, 3]), nc(s2, T))
    want = a.copy()
    np.add.at(want, [1, 1, 3], s2)
    np.testing.assert_array_equal(x.numpy(), want)

    x = t(a, T)
    F(T, "indexFill", None, P, c_int, P, REAL[T])(x, 1, longs([0, 2]), 9)
    want = a.copy()
    want[:, [0, 2]] = 9
    np.testing.assert_array_equal(x.numpy(), want)

    v = t([1, 2, 3], T)
    F(T, "indexFill", None, P, c_int, P, REAL[T])(v, 0, longs([2]), 0)
    F(T, "indexAdd", None, P, c_int, P, P)(v, 0, longs([0, 0]), t([1, 1], T))
    F(T, "indexCopy", None, P, c_int, P, P)(v, 0, longs([1]), t([8], T))
    np.testing.assert_array_equal(v.numpy(), [3, 8, 0])


@both(["Short", "Float"])
def test_index_copy_errors(T):
    x = t(np.zeros((2, 3)), T)
    cp = F(T, "indexCopy", None, P, c_int, P, P)
    with pytest.raises(RuntimeError, match="out of range"):
        cp(x, 0, longs([0, 2]), t(np.ones((2, 3)), T))
    with pytest.raises(RuntimeError, match="equal to source"):
        cp(x, 0, longs([0]), t(np.ones((2, 3)), T))
    with pytest.raises(RuntimeError, match="same size"):
        cp(x, 0, longs([0]), t(np.ones((1, 2)), T))
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "indexFill", None, P, c_int, P, REAL[T])(x, 1, longs([3]), 1)
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "indexAdd", None, P, c_int, P, P)(x, 1, longs([-1]), t(np.ones((2, 1)), T))
    np.testing.assert_array_equal(x.numpy(), 0)


@both()
def test_take_put(T):
    a = sample(T, (3, 4))
    r = empty(T)
    idx = [[0, -1], [5, 11]]
    F(T, "take", None, P, P, P)(r, nc(a, T), longs(idx))
    np.testing.assert_array_equal(r.numpy(), a.ravel()[np.array(idx) % 12])
    x = nc(a, T)
    F(T, "put", None, P, P, P, c_int)(x, longs([1, -1, 1]), t([4, 5, 6], T), 0)
    want = a.copy().ravel()
    want[[1, -1, 1]] = [4, 5, 6]
    np.testing.assert_array_equal(x.numpy(), want.reshape(3, 4))
    x = t(a, T)
    F(T, "put", None, P, P, P, c_int)(x, longs([1, 1, 0]), t([1, 2, 3], T), 1)
    want = a.copy().ravel()
    np.add.at(want, [1, 1, 0], np.array([1, 2, 3], NP[T]))
    np.testing.assert_array_equal(x.numpy(), want.reshape(3, 4))
    with pytest.raises(RuntimeError, match="out of range: 12 out of 12"):
        F(T, "take", None, P, P, P)(r, x, longs([12]))
    with pytest.raises(RuntimeError, match="out of range: -13 out of 12"):
        F(T, "put", None, P, P, P, c_int)(x, longs([-13]), t([1], T), 0)
    with pytest.raises(RuntimeError, match="same number of elements"):
        F(T, "put", None, P, P, P, c_int)(x, longs([0, 1]), t([1], T), 0)
    np.testing.assert_array_equal(x.numpy(), want.reshape(3, 4))


@both()
def test_gather_scatter(T):
    import torch
    a = sample(T, (3, 4))
    idx = np.array([[0, 3], [1, 1], [2, 0]])
    r = t(np.zeros((3, 2)), T)
    F(T, "gather", None, P, P, c_int, P)(r, nc(a, T), 1, longs(idx))
    np.testing.assert_array_equal(r.numpy(), np.take_along_axis(a, idx, 1))

    idx0 = np.array([[2, 0, 1, 0], [0, 1, 2, 2]])
    src = sample(T, (2, 4), seed=5)
    x = nc(a, T)
    F(T, "scatter", None, P, c_int, P, P)(x, 0, longs(idx0), t(src, T))
    want = torch.from_numpy(a.copy()).scatter_(0, torch.from_numpy(idx0),
                                               torch.from_numpy(src)).numpy()
    np.testing.assert_array_equal(x.numpy(), want)

    x = t(a, T)
    F(T, "scatterAdd", None, P, c_int, P, P)(x, 0, longs(idx0), nc(src, T))
    if T == "Byte" or T == "Char":
        want = a.copy().astype(np.int64)
        np.add.at(want, (idx0, np.arange(4)[None, :].repeat(2, 0)), src.astype(np.int64))
        want = want.astype(NP[T])
    else:
        want = torch.from_numpy(a.copy()).scatter_add_(0, torch.from_numpy(idx0),
                                                       torch.from_numpy(src)).numpy()
    np.testing.assert_array_equal(x.numpy(), want)

    x = t(a, T)
    F(T, "scatterFill", None, P, c_int, P, REAL[T])(x, 1, longs([[0], [3], [1]]), 4)
    want = a.copy()
    want[[0, 1, 2], [0, 3, 1]] = 4
    np.testing.assert_array_equal(x.numpy(), want)


def test_scatter_index_smaller_than_src():
    """index may be smaller than src (and than tensor outside dim): only its
    elements are scattered (TH v0.4 read past index there)."""
    x = t(np.zeros((3, 3)), "Float")
    F("Float", "scatter", None, P, c_int, P, P)(x, 0, longs([[2, 0]]), t(np.ones((2, 3)), "Float"))
    np.testing.assert_array_equal(x.numpy(), [[0, 1, 0], [0, 0, 0], [1, 0, 0]])


@both(["Char", "Double"])
def test_gather_scatter_errors(T):
    x = t(np.zeros((2, 3)), T)
    g = F(T, "gather", None, P, P, c_int, P)
    s = F(T, "scatter", None, P, c_int, P, P)
    with pytest.raises(RuntimeError, match="Invalid index in gather"):
        g(t(np.zeros((2, 1)), T), x, 1, longs([[0], [3]]))
    with pytest.raises(RuntimeError, match="same dimensions"):
        g(t(np.zeros((2, 1)), T), x, 1, longs([0, 1]))
    with pytest.raises(RuntimeError, match="out of bounds"):
        g(t(np.zeros((2, 1)), T), x, 2, longs([[0], [1]]))
    with pytest.raises(RuntimeError, match="same size"):
        g(t(np.zeros((2, 1)), T), x, 1, longs([[0], [1], [1]]))
    with pytest.raises(RuntimeError, match="Invalid index in scatter"):
        s(x, 0, longs([[0, 2, 0]]), t(np.ones((1, 3)), T))
    with pytest.raises(RuntimeError, match="Invalid index in scatterAdd"):
        F(T, "scatterAdd", None, P, c_int, P, P)(x, 0, longs([[-1]]), t(np.ones((1, 3)), T))
    with pytest.raises(RuntimeError, match="smaller size"):
        s(x, 0, longs([[0, 1, 0, 1]]), t(np.ones((1, 4)), T))
    with pytest.raises(RuntimeError, match="Invalid index in scatter"):
        F(T, "scatterFill", None, P, c_int, P, REAL[T])(x, 1, longs([[0], [3]]), 1)
    np.testing.assert_array_equal(x.numpy(), 0)


# ------------------------------------------------------------- whole-tensor values

@both()
def test_alls(T):
    a = sample(T, (3, 5), seed=6, lo=1, hi=4)
    x = nc(a, T)
    acc = np.float64 if T in FLOATS else np.int64
    assert F(T, "sumall", ACC[T], P)(x) == pytest.approx(a.astype(acc).sum())
    assert F(T, "prodall", ACC[T], P)(x) == pytest.approx(a.astype(acc).prod(), rel=1e-5)
    assert F(T, "minall", REAL[T], P)(x) == a.min()
    assert F(T, "maxall", REAL[T], P)(x) == a.max()
    b = sample(T, (3, 5), seed=7)
    assert F(T, "dot", ACC[T], P, P)(x, t(b, T)) == pytest.approx(
        (a.astype(acc) * b.astype(acc)).sum(), rel=1e-5)
    sq = sample(T, (4, 3), seed=8)
    assert F(T, "trace", ACC[T], P)(nc(sq, T)) == pytest.approx(np.trace(sq.astype(acc)))
    flat = np.sort(a.ravel())
    assert F(T, "medianall", REAL[T], P)(x) == flat[(flat.size - 1) // 2]
    assert F(T, "medianall", REAL[T], P)(t([4, 1, 3, 2], T)) == 2  # lower median
    for name in ("minall", "maxall", "medianall"):
        with pytest.raises(RuntimeError, match="one dimension"):
            F(T, name, REAL[T], P)(_empty_th(T))
    assert F(T, "sumall", ACC[T], P)(_empty_th(T)) == 0
    with pytest.raises(RuntimeError, match="expected a matrix"):
        F(T, "trace", ACC[T], P)(t([1, 2], T))
    with pytest.raises(RuntimeError, match="same number"):
        F(T, "dot", ACC[T], P, P)(t([1, 2], T), t([1, 2, 3], T))


def _empty_th(T):
    """A tensor with TH's 0 dims (TH's only empty tensor)."""
    r = empty(T)
    F(T, "resizeNd", None, P, c_int, P, P)(r, 0, None, None)
    return r


def test_integer_wrap_as_th():
    """TH summed each contiguous run of a dot in real (its BLAS dot), and
    sums and products wrap in accreal (int64)."""
    dot = F("Byte", "dot", c_int64, P, P)
    assert dot(t([200], "Byte"), t([2], "Byte")) == 144
    hundreds, ones = np.full((2, 2), 100), np.ones((2, 2))
    assert dot(t(hundreds, "Byte"), t(ones, "Byte")) == 144  # one run of 4 (oracle)
    assert dot(t(hundreds, "Byte").t(), t(ones, "Byte")) == 400  # two runs of 2 (oracle)
    assert F("Byte", "sumall", c_int64, P)(t([200, 200], "Byte")) == 400
    big = np.array([2 ** 62, 2 ** 62], np.int64)
    assert F("Long", "sumall", c_int64, P)(t(big, "Long")) == -2 ** 63
    assert F("Long", "prodall", c_int64, P)(t(big, "Long")) == 0


def test_nan_extremes():
    a = np.array([[1, np.nan, 5, np.nan], [3, 2, 1, 0]], np.float32)
    assert np.isnan(F("Float", "maxall", c_float, P)(t(a, "Float")))
    assert np.isnan(F("Float", "minall", c_float, P)(nc(a, "Float")))
    v, i = empty("Float"), longs([0])
    F("Float", "max", None, P, P, P, c_int, c_int)(v, i, t(a, "Float"), 1, 0)
    assert np.isnan(v.numpy()[0]) and v.numpy()[1] == 3
    np.testing.assert_array_equal(i.numpy(), [1, 0])  # the first NaN


# ------------------------------------------------------------- over a dim

@both()
@pytest.mark.parametrize("keepdim", [0, 1])
def test_max_min_sum_prod(T, keepdim):
    a = sample(T, (3, 4, 2), seed=9, lo=-3, hi=4)
    acc = np.float64 if T in FLOATS else np.int64
    for dim in range(3):
        for name, ref in (("max", np.max), ("min", np.min)):
            v, i = empty(T), longs([5])
            F(T, name, None, P, P, P, c_int, c_int)(v, i, nc(a, T), dim, keepdim)
            np.testing.assert_array_equal(v.numpy(), ref(a, dim, keepdims=bool(keepdim)))
            arg = (np.argmax if name == "max" else np.argmin)(a, dim)  # the first extreme
            np.testing.assert_array_equal(i.numpy(), np.expand_dims(arg, dim) if keepdim else arg)
        for name, ref in (("sum", np.sum), ("prod", np.prod)):
            r = empty(T)
            F(T, name, None, P, P, c_int, c_int)(r, nc(a, T), dim, keepdim)
            want = ref(a.astype(acc), dim, keepdims=bool(keepdim)).astype(NP[T])
            np.testing.assert_allclose(r.numpy(), want, rtol=1e-5)
    # a vector reduced without keepdim keeps its one dim (TH's squeeze1d)
    r = empty(T)
    F(T, "sum", None, P, P, c_int, c_int)(r, t([1, 2, 3], T), 0, 0)
    assert r.shape == (1,) and r.numpy()[0] == 6
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "sum", None, P, P, c_int, c_int)(r, t([1, 2, 3], T), 1, 0)
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "max", None, P, P, P, c_int, c_int)(r, longs([0]), t([1, 2], T), -1, 0)


def test_reduce_keeps_result_strides():
    """preserveReduceDimSemantics: a result of the reduced shape already
    (here a transposed one) keeps its strides."""
    r = th.tensor(np.zeros((2, 3), np.float64)).t()  # (3, 2), not contiguous
    a = np.arange(24, dtype=np.float64).reshape(3, 4, 2)
    F("Double", "sum", None, P, P, c_int, c_int)(r, t(a, "Double"), 1, 0)
    np.testing.assert_array_equal(r.numpy(), a.sum(1))
    assert not r.is_contiguous()
    F("Double", "preserveReduceDimSemantics", None, P, c_int, c_int, c_int)(r, 3, 1, 0)
    assert r.shape == (3, 1, 2)
    F("Double", "preserveReduceDimSemantics", None, P, c_int, c_int, c_int)(r, 3, 1, 1)
    assert r.shape == (3, 1, 2)


@both()
def test_cumsum_cumprod(T):
    a = sample(T, (3, 4), seed=10, lo=1, hi=3)
    acc = np.float64 if T in FLOATS else np.int64
    for dim in (0, 1):
        r = empty(T)
        F(T, "cumsum", None, P, P, c_int)(r, nc(a, T), dim)
        np.testing.assert_allclose(r.numpy(), np.cumsum(a.astype(acc), dim).astype(NP[T]),
                                   rtol=1e-6)
        F(T, "cumprod", None, P, P, c_int)(r, nc(a, T), dim)
        np.testing.assert_allclose(r.numpy(), np.cumprod(a.astype(acc), dim).astype(NP[T]),
                                   rtol=1e-6)
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "cumsum", None, P, P, c_int)(r, t(a, T), 2)


@both()
def test_sort(T):
    a = sample(T, (4, 13), seed=11, lo=-2, hi=3)  # many ties, rows past 10
    for dim in (0, 1):
        for desc in (0, 1):
            v, i = empty(T), longs([0])
            F(T, "sort", None, P, P, P, c_int, c_int)(v, i, nc(a, T), dim, desc)
            want = np.sort(a, dim)
            if desc:
                want = np.flip(want, dim)
            np.testing.assert_array_equal(v.numpy(), want)
            np.testing.assert_array_equal(np.take_along_axis(a, i.numpy(), dim), want)
            assert sorted(i.numpy().ravel().tolist()) == sorted(
                np.indices(a.shape)[dim].ravel().tolist())
    with pytest.raises(RuntimeError, match="invalid dimension"):
        F(T, "sort", None, P, P, P, c_int, c_int)(v, i, t(a, T), 2, 0)


def test_sort_ties_as_th():
    """TH v0.4's quicksort is not stable; the indices of ties are the ones
    it leaves (oracle)."""
    a = np.array([3, 1, 2, 1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 2, 3], np.float32)
    v, i = empty("Float"), longs([0])
    F("Float", "sort", None, P, P, P, c_int, c_int)(v, i, t(a, "Float"), 0, 0)
    np.testing.assert_array_equal(i.numpy(), ORACLE_SORT_ASC)
    F("Float", "sort", None, P, P, P, c_int, c_int)(v, i, t(a, "Float"), 0, 1)
    np.testing.assert_array_equal(i.numpy(), ORACLE_SORT_DESC)


ORACLE_SORT_ASC = [6, 12, 9, 3, 1, 8, 11, 13, 2, 5, 7, 0, 10, 4, 14]
ORACLE_SORT_DESC = [4, 7, 10, 0, 14, 11, 13, 8, 5, 2, 12, 3, 1, 6, 9]


SHIM = r"""
#include <TH/TH.h>
#define TOPK(T) void topk_##T(void *rt, void *ri, void *t, int64_t k, int dim, int flags) { \
    TH##T##Tensor_topk(rt, ri, t, k, dim, flags & 1, (flags >> 1) & 1); }
TOPK(Byte) TOPK(Char) TOPK(Short) TOPK(Int) TOPK(Long) TOPK(Float) TOPK(Double)
"""


@pytest.fixture(scope="module")
def shim(tmp_path_factory):
    """topk takes 7 integer-class arguments (THLegacy_call passes 6): a C
    wrapper packs dir and sorted into one."""
    import subprocess
    import sysconfig
    from helpers import compiler_env
    d = tmp_path_factory.mktemp("shim")
    (d / "shim.c").write_text(SHIM)
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    inc, lib = th.get_include(), th.get_library_dirs()[0]
    subprocess.run([cc, "-std=c99", "-Werror=implicit-function-declaration",
                    "-Werror=incompatible-pointer-types", "-Werror=int-conversion", "-O2", "-fPIC",
                    "-shared", "-I", inc, str(d / "shim.c"), "-L", lib, "-lTH",
                    "-Wl,-rpath," + lib, "-o", str(d / "shim.so")],
                   check=True, env=compiler_env(), capture_output=True)
    lib = ctypes.CDLL(str(d / "shim.so"))

    def topk(T):
        f = getattr(lib, f"topk_{T}")
        f.restype, f.argtypes = None, [P, P, P, c_int64, c_int, c_int]
        return lambda rt, ri, x, k, dim, largest, sorted_: th.legacy.call(
            f, rt, ri, x, k, dim, largest | (sorted_ << 1))
    return topk


@both()
def test_topk(T, shim):
    a = sample(T, (3, 12), seed=12, lo=-5, hi=6)
    for dim, k in ((1, 4), (0, 2)):
        for largest in (0, 1):
            v, i = empty(T), longs([0])
            shim(T)(v, i, nc(a, T), k, dim,
                                                                      largest, 1)
            s = np.sort(a, dim)
            want = np.flip(s, dim) if largest else s
            want = np.take(want, range(k), dim)
            np.testing.assert_array_equal(v.numpy(), want)
            np.testing.assert_array_equal(np.take_along_axis(a, i.numpy(), dim), want)
    v, i = empty(T), longs([0])
    shim(T)(v, i, t(a, T), 3, 1, 1, 0)
    assert v.shape == (3, 3)  # unsorted: the 3 largest in some order
    np.testing.assert_array_equal(np.sort(v.numpy(), 1), np.sort(a, 1)[:, -3:])
    for k, dim in ((0, 1), (13, 1), (1, 2)):
        with pytest.raises(RuntimeError, match="not in range"):
            shim(T)(v, i, t(a, T), k, dim, 1, 1)


@both()
@pytest.mark.parametrize("keepdim", [0, 1])
def test_kthvalue_median_mode(T, keepdim):
    import torch
    a = sample(T, (4, 7), seed=13, lo=-2, hi=3)
    for dim in (0, 1):
        n = a.shape[dim]
        for k in (1, 3, n):
            v, i = empty(T), longs([0])
            F(T, "kthvalue", None, P, P, P, c_int64, c_int, c_int)(v, i, nc(a, T), k, dim, keepdim)
            want = np.take(np.sort(a, dim), k - 1, dim)
            want = np.expand_dims(want, dim) if keepdim else want
            np.testing.assert_array_equal(v.numpy(), want)
            ii = i.numpy() if keepdim else np.expand_dims(i.numpy(), dim)
            np.testing.assert_array_equal(np.take_along_axis(a, ii, dim).squeeze(dim),
                                          np.take(np.sort(a, dim), k - 1, dim))
        v, i = empty(T), longs([0])
        F(T, "median", None, P, P, P, c_int, c_int)(v, i, t(a, T), dim, keepdim)
        want = np.take(np.sort(a, dim), (n - 1) // 2, dim)
        np.testing.assert_array_equal(v.numpy().reshape(want.shape), want)
        F(T, "mode", None, P, P, P, c_int, c_int)(v, i, nc(a, T), dim, keepdim)
        tv, _ = torch.from_numpy(a.astype(np.float64)).mode(dim, keepdim=bool(keepdim))
        np.testing.assert_array_equal(v.numpy(), tv.numpy().astype(NP[T]))
        ii = i.numpy() if keepdim else np.expand_dims(i.numpy(), dim)
        np.testing.assert_array_equal(np.take_along_axis(a, ii, dim),
                                      v.numpy() if keepdim else np.expand_dims(v.numpy(), dim))
    with pytest.raises(RuntimeError, match="selected index out of range"):
        F(T, "kthvalue", None, P, P, P, c_int64, c_int, c_int)(v, i, t(a, T), 8, 1, 0)
    with pytest.raises(RuntimeError, match="dimension out of range"):
        F(T, "mode", None, P, P, P, c_int, c_int)(v, i, t(a, T), 2, 0)


def test_mode_median_ties_as_th():
    """mode: the smallest of the most frequent values, with the index TH's
    sort leaves last among its copies; median of an even count: the lower
    one (oracle)."""
    a = np.array([[2, 1, 2, 1, 3, 5, 1, 2, 9, 9, 9, 2, 1]], np.float64)
    v, i = empty("Double"), longs([0])
    F("Double", "mode", None, P, P, P, c_int, c_int)(v, i, t(a, "Double"), 1, 0)
    assert v.numpy()[0] == 1 and i.numpy()[0] == ORACLE_MODE_INDEX
    F("Double", "median", None, P, P, P, c_int, c_int)(v, i, t([[4, 1, 3, 2]], "Double"), 1, 1)
    assert v.numpy().tolist() == [[2]] and i.numpy().tolist() == [[3]]


ORACLE_MODE_INDEX = 3


@both()
def test_cross_diag_eye_tril_triu(T):
    a = sample(T, (3, 4), seed=14, lo=-3, hi=4)
    b = sample(T, (3, 4), seed=15, lo=-3, hi=4)
    r = empty(T)
    F(T, "cross", None, P, P, P, c_int)(r, nc(a, T), t(b, T), -1)  # the first dim of size 3
    want = np.cross(a.astype(np.int64 if T not in FLOATS else NP[T]),
                    b.astype(np.int64 if T not in FLOATS else NP[T]), axis=0).astype(NP[T])
    np.testing.assert_allclose(r.numpy(), want, rtol=1e-5)
    with pytest.raises(RuntimeError, match="does not have size 3"):
        F(T, "cross", None, P, P, P, c_int)(r, t(a, T), t(b, T), 1)
    with pytest.raises(RuntimeError, match="no dimension of size 3"):
        F(T, "cross", None, P, P, P, c_int)(r, t(a[:2], T), t(b[:2], T), -1)

    for k in (-1, 0, 2):
        F(T, "diag", None, P, P, c_int)(r, nc(a, T), k)
        np.testing.assert_array_equal(r.numpy(), np.diag(a, k))
        F(T, "diag", None, P, P, c_int)(r, t(a[0], T), k)
        np.testing.assert_array_equal(r.numpy(), np.diag(a[0], k))
        F(T, "tril", None, P, P, c_int64)(r, nc(a, T), k)
        np.testing.assert_array_equal(r.numpy(), np.tril(a, k))
        F(T, "triu", None, P, P, c_int64)(r, nc(a, T), k)
        np.testing.assert_array_equal(r.numpy(), np.triu(a, k))
    x = t(a, T)
    F(T, "tril", None, P, P, c_int64)(x, x, 0)  # in place
    np.testing.assert_array_equal(x.numpy(), np.tril(a))
    F(T, "diag", None, P, P, c_int)(x, x, 0)  # r_ is t
    np.testing.assert_array_equal(x.numpy(), np.diag(np.tril(a)))
    F(T, "eye", None, P, c_int64, c_int64)(r, 2, 3)
    np.testing.assert_array_equal(r.numpy(), np.eye(2, 3))
    F(T, "eye", None, P, c_int64, c_int64)(r, 3, 0)
    np.testing.assert_array_equal(r.numpy(), np.eye(3))
    with pytest.raises(RuntimeError, match="invalid argument"):
        F(T, "eye", None, P, c_int64, c_int64)(r, 0, 3)
    with pytest.raises(RuntimeError, match="expected a matrix"):
        F(T, "triu", None, P, P, c_int64)(r, t([1], T), 0)
    with pytest.raises(RuntimeError, match="outside a"):  # TH failed on an empty diagonal
        F(T, "diag", None, P, P, c_int)(r, t(a, T), 4)
    with pytest.raises(RuntimeError, match="matrix or a vector"):
        F(T, "diag", None, P, P, c_int)(r, t(np.zeros((1, 1, 1)), T), 0)


@both()
def test_cat(T):
    a = sample(T, (2, 3), seed=16)
    b = sample(T, (4, 3), seed=17)
    r = empty(T)
    F(T, "cat", None, P, P, P, c_int)(r, nc(a, T), t(b, T), 0)
    np.testing.assert_array_equal(r.numpy(), np.concatenate([a, b], 0))
    F(T, "cat", None, P, P, P, c_int)(r, t(a.T, T), nc(b.T, T), -1)  # the last dim
    np.testing.assert_array_equal(r.numpy(), np.concatenate([a.T, b.T], 1))
    xs = [t(a, T), _empty_th(T), nc(a, T), t(b[:1], T)]
    arr = (P * 4)(*[x._as_parameter_ for x in xs])
    F(T, "catArray", None, P, P, c_int, c_int)(r, arr, 4, 0)
    np.testing.assert_array_equal(r.numpy(), np.concatenate([a, a, b[:1]], 0))
    x = t(a, T)
    F(T, "cat", None, P, P, P, c_int)(x, x, x, 1)  # the result is an input
    np.testing.assert_array_equal(x.numpy(), np.concatenate([a, a], 1))
    with pytest.raises(RuntimeError, match="must match except in dimension 1"):
        F(T, "cat", None, P, P, P, c_int)(r, t(a, T), t(b, T), 1)
    with pytest.raises(RuntimeError, match="same number of dimensions"):
        F(T, "cat", None, P, P, P, c_int)(r, t(a, T), t([1, 2, 3], T), 0)
    with pytest.raises(RuntimeError, match="invalid dimension"):
        F(T, "cat", None, P, P, P, c_int)(r, t(a, T), t(a, T), 2)
    e = _empty_th(T)
    F(T, "cat", None, P, P, P, c_int)(r, e, e, 0)  # all empty: r unchanged
    assert r.shape == (5, 3)


@both()
def test_range_arange_reshape(T):
    r = empty(T)
    F(T, "range", None, P, ACC[T], ACC[T], ACC[T])(r, 1, 7, 2)
    np.testing.assert_array_equal(r.numpy(), [1, 3, 5, 7])
    F(T, "arange", None, P, ACC[T], ACC[T], ACC[T])(r, 1, 7, 2)
    np.testing.assert_array_equal(r.numpy(), [1, 3, 5])
    if T != "Byte":
        F(T, "range", None, P, ACC[T], ACC[T], ACC[T])(r, 3, -3, -3)
        np.testing.assert_array_equal(r.numpy(), [3, 0, -3])
    x = t(np.zeros((2, 2)), T)
    F(T, "arange", None, P, ACC[T], ACC[T], ACC[T])(x, 0, 4, 1)  # 4 elements: shape kept
    np.testing.assert_array_equal(x.numpy(), [[0, 1], [2, 3]])
    with pytest.raises(RuntimeError, match="step must be nonzero"):
        F(T, "range", None, P, ACC[T], ACC[T], ACC[T])(r, 0, 1, 0)
    with pytest.raises(RuntimeError, match="inconsistent with step sign"):
        F(T, "arange", None, P, ACC[T], ACC[T], ACC[T])(r, 2, 1, 1)

    a = sample(T, (3, 4))
    news = legacy_fn("THLongStorage_newWithSize2", P, c_int64, c_int64)
    free = legacy_fn("THLongStorage_free", None, P)
    size = news(2, 6)
    try:
        F(T, "reshape", None, P, P, P)(r, nc(a, T), size)
        np.testing.assert_array_equal(r.numpy(), a.reshape(2, 6))
        bad = news(5, 5)
        try:
            with pytest.raises(RuntimeError, match="elements"):
                F(T, "reshape", None, P, P, P)(r, t(a, T), bad)
        finally:
            free(bad)
    finally:
        free(size)


# ------------------------------------------------------------- products

@both()
def test_addmm_addmv_addr(T):
    rng = np.random.default_rng(18)
    def s(*shape):
        v = rng.standard_normal(shape) if T in FLOATS else rng.integers(0, 4, shape)
        return v.astype(NP[T])
    m1, m2, c = s(3, 4), s(4, 2), s(3, 2)
    tol = dict(rtol=1e-5, atol=1e-5)
    r = empty(T)
    F(T, "addmm", None, P, REAL[T], P, REAL[T], P, P)(r, 2, nc(c, T), 3, t(m1, T), nc(m2, T))
    np.testing.assert_allclose(r.numpy(), (2 * c + 3 * (m1 @ m2)).astype(NP[T]), **tol)
    x = t(c, T)
    F(T, "addmm", None, P, REAL[T], P, REAL[T], P, P)(x, 1, x, 1, t(m1.T.copy(), T).t(), t(m2, T))
    np.testing.assert_allclose(x.numpy(), (c + m1 @ m2).astype(NP[T]), **tol)

    v, y = s(4), s(3)
    F(T, "addmv", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(y, T), 2, nc(m1, T), nc(v, T))
    np.testing.assert_allclose(r.numpy(), (y + 2 * (m1 @ v)).astype(NP[T]), **tol)

    v1, v2 = s(3), s(2)
    F(T, "addr", None, P, REAL[T], P, REAL[T], P, P)(r, 0, t(c, T), 1, nc(v1, T), t(v2, T))
    np.testing.assert_allclose(r.numpy(), np.outer(v1, v2).astype(NP[T]), **tol)

    with pytest.raises(RuntimeError, match="size mismatch"):
        F(T, "addmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c, T), 1, t(m1, T), t(m1, T))
    with pytest.raises(RuntimeError, match="size mismatch, t"):
        F(T, "addmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c.T, T), 1, t(m1, T), t(m2, T))
    with pytest.raises(RuntimeError, match="matrices expected"):
        F(T, "addmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c, T), 1, t(v, T), t(m2, T))
    with pytest.raises(RuntimeError, match="vector expected"):
        F(T, "addmv", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c, T), 1, t(m1, T), t(v, T))
    with pytest.raises(RuntimeError, match="size mismatch"):
        F(T, "addr", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c, T), 1, t(v2, T), t(v1, T))


def test_addmm_beta_zero_ignores_t():
    c = np.full((2, 2), np.nan, np.float32)
    r = empty("Float")
    F("Float", "addmm", None, P, c_float, P, c_float, P, P)(r, 0, t(c, "Float"), 1,
                                                            t(np.eye(2), "Float"),
                                                            t(np.ones((2, 2)), "Float"))
    np.testing.assert_array_equal(r.numpy(), np.ones((2, 2)))


@both()
def test_baddbmm_addbmm(T):
    rng = np.random.default_rng(19)
    def s(*shape):
        v = rng.standard_normal(shape) if T in FLOATS else rng.integers(0, 3, shape)
        return v.astype(NP[T])
    b1, b2 = s(3, 2, 4), s(3, 4, 5)
    c3, c2 = s(3, 2, 5), s(2, 5)
    tol = dict(rtol=1e-5, atol=1e-5)
    r = empty(T)
    F(T, "baddbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 2, t(c3, T), 1, nc(b1, T), t(b2, T))
    np.testing.assert_allclose(r.numpy(), (2 * c3 + b1 @ b2).astype(NP[T]), **tol)
    F(T, "addbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, nc(c2, T), 2, t(b1, T), nc(b2, T))
    np.testing.assert_allclose(r.numpy(), (c2 + 2 * (b1 @ b2).sum(0)).astype(NP[T]), **tol)
    with pytest.raises(RuntimeError, match="expected 3D tensor"):
        F(T, "baddbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c3, T), 1, t(c2, T), t(b2, T))
    with pytest.raises(RuntimeError, match="equal number of batches"):
        F(T, "baddbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c3, T), 1, t(b1[:2], T),
                                                             t(b2, T))
    with pytest.raises(RuntimeError, match="wrong matrix size"):
        F(T, "addbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c2, T), 1, t(b1, T), t(b1, T))
    with pytest.raises(RuntimeError, match="output tensor of incorrect size"):
        F(T, "addbmm", None, P, REAL[T], P, REAL[T], P, P)(r, 1, t(c3, T), 1, t(b1, T), t(b2, T))


@both()
def test_match(T):
    m1 = sample(T, (3, 2, 2), seed=20)
    m2 = sample(T, (2, 4), seed=21)
    r = empty(T)
    F(T, "match", None, P, P, P, REAL[T])(r, nc(m1, T), t(m2, T), 2)
    a, b = m1.reshape(3, 4).astype(np.float64), m2.astype(np.float64)
    want = 2 * ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    np.testing.assert_allclose(r.numpy(), want.astype(NP[T]), rtol=1e-5)
    with pytest.raises(RuntimeError, match="same inner vector dim"):
        F(T, "match", None, P, P, P, REAL[T])(r, t(m1, T), t(m2[:, :3], T), 1)


# ------------------------------------------------------------- floating point only

@both(FLOATS)
@pytest.mark.parametrize("keepdim", [0, 1])
def test_mean_std_var_norm(T, keepdim):
    a = sample(T, (3, 5), seed=22)
    tol = dict(rtol=1e-5, atol=1e-6)
    kd = bool(keepdim)
    for dim in (0, 1):
        r = empty(T)
        F(T, "mean", None, P, P, c_int, c_int)(r, nc(a, T), dim, keepdim)
        np.testing.assert_allclose(r.numpy(), a.mean(dim, keepdims=kd), **tol)
        for biased in (0, 1):
            F(T, "var", None, P, P, c_int, c_int, c_int)(r, nc(a, T), dim, biased, keepdim)
            np.testing.assert_allclose(r.numpy(), a.var(dim, ddof=1 - biased, keepdims=kd), **tol)
            F(T, "std", None, P, P, c_int, c_int, c_int)(r, t(a, T), dim, biased, keepdim)
            np.testing.assert_allclose(r.numpy(), a.std(dim, ddof=1 - biased, keepdims=kd), **tol)
        for p in (0, 1, 2, 3, 1.5):
            F(T, "norm", None, P, P, REAL[T], c_int, c_int)(r, nc(a, T), p, dim, keepdim)
            want = (np.count_nonzero(a, dim) if p == 0 else
                    (np.abs(a.astype(np.float64)) ** p).sum(dim) ** (1 / p))
            want = np.expand_dims(want, dim) if keepdim else want
            np.testing.assert_allclose(r.numpy(), want, **tol)
    one = t([[5.0]], T)
    r = empty(T)
    F(T, "var", None, P, P, c_int, c_int, c_int)(r, one, 1, 0, 1)
    assert np.isnan(r.numpy()[0, 0])
    F(T, "std", None, P, P, c_int, c_int, c_int)(r, one, 1, 1, 1)
    assert r.numpy()[0, 0] == 0
    with pytest.raises(RuntimeError, match="out of range"):
        F(T, "mean", None, P, P, c_int, c_int)(r, t(a, T), 2, 0)


@both(FLOATS)
def test_float_alls(T):
    a = sample(T, (4, 3), seed=23)
    b = sample(T, (4, 3), seed=24)
    x = nc(a, T)
    d = a.astype(np.float64)
    assert F(T, "meanall", c_double, P)(x) == pytest.approx(d.mean(), rel=1e-5)
    for biased in (0, 1):
        assert F(T, "varall", c_double, P, c_int)(x, biased) == pytest.approx(
            d.var(ddof=1 - biased), rel=1e-5)
        assert F(T, "stdall", c_double, P, c_int)(x, biased) == pytest.approx(
            d.std(ddof=1 - biased), rel=1e-5)
    for p in (0, 1, 2, 3, 2.5):
        want = np.count_nonzero(a) if p == 0 else (np.abs(d) ** p).sum() ** (1 / p)
        assert F(T, "normall", c_double, P, REAL[T])(x, p) == pytest.approx(want, rel=1e-5)
        if p:
            assert F(T, "dist", c_double, P, P, REAL[T])(x, t(b, T), p) == pytest.approx(
                (np.abs(d - b) ** p).sum() ** (1 / p), rel=1e-4)
    with pytest.raises(RuntimeError, match="empty Tensor"):
        F(T, "meanall", c_double, P)(_empty_th(T))


@both(FLOATS)
def test_renorm(T):
    import torch
    a = sample(T, (3, 4), seed=25) * 3
    r = empty(T)
    for p, dim, maxnorm in ((2, 0, 1.0), (1, 1, 2.0), (3, 0, 100.0)):
        F(T, "renorm", None, P, P, REAL[T], c_int, REAL[T])(r, nc(a, T), p, dim, maxnorm)
        want = torch.from_numpy(a).renorm(p, dim, maxnorm).numpy()
        np.testing.assert_allclose(r.numpy(), want, rtol=1e-5)
    with pytest.raises(RuntimeError, match="non-positive-norm"):
        F(T, "renorm", None, P, P, REAL[T], c_int, REAL[T])(r, t(a, T), 0, 0, 1)
    with pytest.raises(RuntimeError, match="at least 2 dimensions"):
        F(T, "renorm", None, P, P, REAL[T], c_int, REAL[T])(r, t(a[0], T), 2, 0, 1)


@both(FLOATS)
def test_spaces_and_histograms(T):
    r = empty(T)
    F(T, "linspace", None, P, REAL[T], REAL[T], c_int64)(r, -1, 2, 7)
    np.testing.assert_allclose(r.numpy(), np.linspace(-1, 2, 7), rtol=1e-6)
    F(T, "logspace", None, P, REAL[T], REAL[T], c_int64)(r, -1, 2, 4)
    np.testing.assert_allclose(r.numpy(), np.logspace(-1, 2, 4), rtol=1e-6)
    F(T, "linspace", None, P, REAL[T], REAL[T], c_int64)(r, 3, 3, 1)
    np.testing.assert_array_equal(r.numpy(), [3])
    with pytest.raises(RuntimeError, match="invalid number of points"):
        F(T, "linspace", None, P, REAL[T], REAL[T], c_int64)(r, 0, 1, 1)
    with pytest.raises(RuntimeError, match="invalid number of points"):
        F(T, "logspace", None, P, REAL[T], REAL[T], c_int64)(r, 0, 1, 0)

    import torch
    a = sample(T, (3, 20), seed=26)
    h = empty(T)
    F(T, "histc", None, P, P, c_int64, REAL[T], REAL[T])(h, nc(a, T), 5, -1, 1)
    np.testing.assert_array_equal(h.numpy(), torch.from_numpy(a).histc(5, -1, 1).numpy())
    F(T, "histc", None, P, P, c_int64, REAL[T], REAL[T])(h, t(a, T), 4, 0, 0)  # the data's range
    np.testing.assert_array_equal(h.numpy(), torch.from_numpy(a).histc(4).numpy())
    F(T, "bhistc", None, P, P, c_int64, REAL[T], REAL[T])(h, nc(a, T), 3, -1, 1)
    want = np.stack([torch.from_numpy(row.copy()).histc(3, -1, 1).numpy() for row in a])
    np.testing.assert_array_equal(h.numpy(), want)
    with pytest.raises(RuntimeError, match="histc: the range of a tensor with no elements"):
        F(T, "histc", None, P, P, c_int64, REAL[T], REAL[T])(h, _empty_th(T), 3, 0, 0)
    with pytest.raises(RuntimeError, match="bins must be positive"):
        F(T, "histc", None, P, P, c_int64, REAL[T], REAL[T])(h, t(a, T), 0, 0, 1)
    with pytest.raises(RuntimeError, match="2d tensor"):
        F(T, "bhistc", None, P, P, c_int64, REAL[T], REAL[T])(h, t(np.zeros((2, 2, 2)), T), 3, 0, 1)


def test_logical_all_any():
    all_ = legacy_fn("THByteTensor_logicalall", c_int, P)
    any_ = legacy_fn("THByteTensor_logicalany", c_int, P)
    assert all_(nc([[1, 2], [3, 4]], "Byte")) == 1 and any_(t([0, 0, 5], "Byte")) == 1
    assert all_(t([1, 0], "Byte")) == 0 and any_(nc([[0, 0]], "Byte")) == 0
    assert all_(_empty_th("Byte")) == 1 and any_(_empty_th("Byte")) == 0


def test_dtype_checked():
    with pytest.raises(TypeError, match="not a THFloatTensor"):
        F("Float", "sumall", c_double, P)(t([1], "Double"))
    with pytest.raises(ValueError, match="NULL"):
        F("Float", "sort", None, P, P, P, c_int, c_int)(None, longs([0]), t([1], "Float"), 0, 0)
    with pytest.raises(TypeError, match="not a THLongTensor"):
        F("Float", "indexSelect", None, P, P, c_int, P)(empty("Float"), t([1], "Float"), 0,
                                                        t([0], "Int"))


@both(FLOATS)
def test_dirichlet_grad(T):
    import torch
    rng = np.random.default_rng(27)
    alpha = rng.uniform(0.1, 20, (4, 5))
    beta = rng.uniform(0.1, 20, (4, 5))
    x = np.clip(rng.beta(alpha, beta), 1e-4, 1 - 1e-4)
    r = empty(T)
    F(T, "dirichlet_grad", None, P, P, P, P)(r, nc(x, T), t(alpha, T), t(alpha + beta, T))
    want = torch._dirichlet_grad(*(torch.from_numpy(v.astype(NP[T]))
                                   for v in (x, alpha, alpha + beta)))
    np.testing.assert_allclose(r.numpy(), want.numpy(), rtol=1e-4 if T == "Float" else 1e-9)
    with pytest.raises(RuntimeError, match="same size"):
        F(T, "dirichlet_grad", None, P, P, P, P)(r, t(x, T), t(alpha[:2], T), t(alpha, T))


def test_nan_order_as_th(shim):
    """NaNs compare false both ways; TH's quicksort and quickselect leave
    them where their comparisons put them (oracle)."""
    a = np.array([2, np.nan, 1, 3, np.nan, 1, 0, 2, np.nan, 5, 1, 4, 2], np.float64)
    v, i = empty("Double"), longs([0])
    F("Double", "sort", None, P, P, P, c_int, c_int)(v, i, t(a, "Double"), 0, 0)
    np.testing.assert_array_equal(
        v.numpy(), [0, 1, 1, 2, np.nan, 1, 2, np.nan, np.nan, 2, 3, 4, 5])
    np.testing.assert_array_equal(i.numpy(), [6, 2, 10, 7, 8, 5, 0, 1, 4, 12, 3, 11, 9])
    shim("Double")(v, i, t(a, "Double"), 4, 0, 1, 1)
    np.testing.assert_array_equal(v.numpy(), [np.nan, 3, np.nan, 5])
    np.testing.assert_array_equal(i.numpy(), [1, 3, 4, 9])


def test_results_aliasing_inputs(shim):
    """Where TH read an input it had already resized as the result, th
    refuses (or works on a copy): never a read outside a tensor."""
    a = longs([[3, 1, 2], [0, 5, 4]])
    i = longs([0])
    for name in ("max", "mode", "median"):
        with pytest.raises(RuntimeError, match="cannot be the input"):
            F("Long", name, None, P, P, P, c_int, c_int)(a, i, a, 1, 0)
        with pytest.raises(RuntimeError, match="cannot be the input"):
            F("Long", name, None, P, P, P, c_int, c_int)(longs([0]), a, a, 1, 0)
    with pytest.raises(RuntimeError, match="cannot be the input"):
        F("Long", "kthvalue", None, P, P, P, c_int64, c_int, c_int)(a, i, a, 3, 1, 0)
    with pytest.raises(RuntimeError, match="THLongTensor_sum: the result cannot be the input"):
        F("Long", "sum", None, P, P, c_int, c_int)(a, a, 1, 0)
    with pytest.raises(RuntimeError, match="cannot be the input"):
        shim("Long")(longs([0]), a, a, 2, 1, 1, 1)
    with pytest.raises(RuntimeError, match="cannot be the tensor"):
        F("Long", "nonzero", None, P, P)(a, a)
    np.testing.assert_array_equal(a.numpy(), [[3, 1, 2], [0, 5, 4]])
    # index is the result: read first
    x = longs([2, 0, 1])
    F("Long", "indexSelect", None, P, P, c_int, P)(x, longs([10, 11, 12]), 0, x)
    np.testing.assert_array_equal(x.numpy(), [12, 10, 11])
    x = longs([[1, 0], [0, 1]])
    F("Long", "scatter", None, P, c_int, P, P)(x, 1, x, longs([[5, 6], [7, 8]]))
    np.testing.assert_array_equal(x.numpy(), [[6, 5], [7, 8]])
    x = longs([[1, 0], [0, 1]])
    F("Long", "gather", None, P, P, c_int, P)(x, longs([[5, 6], [7, 8]]), 1, x)
    np.testing.assert_array_equal(x.numpy(), [[6, 5], [7, 8]])


@both(["Byte", "Float"])
def test_zero_size_dims_refused(T):
    """th's tensors may have a size-0 dim (TH's could not): the reductions
    that read a row's elements refuse one."""
    z = th.empty((2, 0), dtype=t([0], T).dtype)
    v, i = empty(T), longs([0])
    for name in ("minall", "maxall", "medianall"):
        with pytest.raises(RuntimeError, match="no elements"):
            F(T, name, REAL[T], P)(z)
    for name in ("max", "min", "mode", "median"):
        with pytest.raises(RuntimeError, match="no elements"):
            F(T, name, None, P, P, P, c_int, c_int)(v, i, z, 1, 0)
    assert F(T, "sumall", ACC[T], P)(z) == 0


@both(["Short", "Double"])
def test_size_zero_and_in_place_edges(T):
    """th's size-0 dims are TH's empty tensor where TH made a result's
    shape; sort in place on a non-contiguous tensor (TH stepped through its
    indices with the values' stride)."""
    z = th.empty((3, 0), dtype=t([0], T).dtype)
    r = t([1, 2], T)
    F(T, "take", None, P, P, P)(r, t([1, 2, 3], T), th.empty((2, 0), dtype=th.int64))
    assert r.dim() == 0
    a = sample(T, (2, 3), seed=28)
    F(T, "cat", None, P, P, P, c_int)(r, z, t(a, T), 1)  # the size-0 input is left out
    np.testing.assert_array_equal(r.numpy(), a)
    with pytest.raises(RuntimeError, match="need elements"):
        F(T, "match", None, P, P, P, REAL[T])(r, z, t(a, T), 1)
    a = sample(T, (3, 5), seed=29)
    x = t(a.T, T).t()  # (3, 5), strides (1, 3)
    i = longs([0])
    F(T, "sort", None, P, P, P, c_int, c_int)(x, i, x, 1, 1)
    np.testing.assert_array_equal(x.numpy(), -np.sort(-a.astype(np.float64), 1))
    np.testing.assert_array_equal(np.take_along_axis(a, i.numpy(), 1), x.numpy())


@both(["Byte", "Int", "Float"])
def test_empty_index_and_preserve(T):
    """An empty index selects TH's shape: the dims before dim (oracle: (3,)
    for dim 1 of a (3, 4), none for dim 0)."""
    a = sample(T, (3, 4), seed=30)
    r = empty(T)
    F(T, "indexSelect", None, P, P, c_int, P)(r, t(a, T), 1, _empty_th("Long"))
    assert r.shape == (3,)
    F(T, "indexSelect", None, P, P, c_int, P)(r, t(a, T), 0, _empty_th("Long"))
    assert r.dim() == 0
    pre = F(T, "preserveReduceDimSemantics", None, P, c_int, c_int, c_int)
    x = t(np.zeros((2, 3)), T)
    pre(x, 3, 2, 0)
    assert x.shape == (2, 3, 1)
    pre(None, 3, 2, 0)  # no result: nothing to do
    pre(x, 3, 0, 0)  # not one dim fewer: unchanged
    assert x.shape == (2, 3, 1)


CLIENT = r"""
#include <TH/TH.h>

/* TH-style extension code: scores = x @ w^T + b (the bias rows by
 * indexSelect), each row's max and argmax, the scores at the targets
 * (gather) and their sum; the concatenation of the maxima and the gathered
 * scores into both. */
double forward(THFloatTensor *x, THFloatTensor *w, THFloatTensor *b, THLongTensor *target,
               THFloatTensor *scores, void **outs) {
  THLongTensor *argmax = outs[0];
  THFloatTensor *both = outs[1];
  int64_t n = THFloatTensor_size(x, 0), k = THFloatTensor_size(w, 0);
  THFloatTensor *wt = THFloatTensor_newTranspose(w, 0, 1);
  THFloatTensor *b2 = THFloatTensor_newWithStorage2d(THFloatTensor_storage(b),
                                                     THFloatTensor_storageOffset(b), 1, k, k, 1);
  THLongTensor *zeros = THLongTensor_newWithSize1d(n);
  THLongTensor_zero(zeros);
  THFloatTensor *bias = THFloatTensor_new();
  THFloatTensor_indexSelect(bias, b2, 0, zeros);
  THFloatTensor_addmm(scores, 1, bias, 1, x, wt);
  THFloatTensor *maxima = THFloatTensor_new();
  THFloatTensor_max(maxima, argmax, scores, 1, 1);
  THLongTensor *t2 = THLongTensor_newWithStorage2d(THLongTensor_storage(target),
                                                   THLongTensor_storageOffset(target), n, 1, 1, 1);
  THFloatTensor *picked = THFloatTensor_newWithSize2d(n, 1);
  THFloatTensor_gather(picked, scores, 1, t2);
  double total = THFloatTensor_sumall(picked);
  THFloatTensor_cat(both, maxima, picked, 1);
  THFloatTensor_free(wt);
  THFloatTensor_free(b2);
  THLongTensor_free(zeros);
  THFloatTensor_free(bias);
  THFloatTensor_free(maxima);
  THLongTensor_free(t2);
  THFloatTensor_free(picked);
  return total;
}
"""


def test_th_style_client(tmp_path):
    """The functions from C as TH extension code called them (C99, TH's
    headers and signatures), against numpy."""
    import subprocess
    import sysconfig
    from helpers import compiler_env
    (tmp_path / "client.c").write_text(CLIENT)
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    inc, libdir = th.get_include(), th.get_library_dirs()[0]
    subprocess.run([cc, "-std=c99", "-Werror=implicit-function-declaration",
                    "-Werror=incompatible-pointer-types", "-Werror=int-conversion", "-Wall",
                    "-Werror", "-O2", "-fPIC", "-shared", "-I", inc, str(tmp_path / "client.c"),
                    "-L", libdir, "-lTH", "-Wl,-rpath," + libdir, "-o", str(tmp_path / "c.so")],
                   check=True, env=compiler_env(), capture_output=True)
    f = ctypes.CDLL(str(tmp_path / "c.so")).forward
    f.restype, f.argtypes = c_double, [P] * 6
    rng = np.random.default_rng(31)
    x, w, b = (rng.standard_normal(s).astype(np.float32) for s in ((5, 3), (4, 3), (4,)))
    target = np.array([0, 3, 1, 1, 2])
    scores, argmax, both_ = empty("Float"), longs([0]), empty("Float")
    outs = (P * 2)(argmax._as_parameter_, both_._as_parameter_)
    total = th.legacy.call(f, t(x, "Float"), t(w, "Float"), t(b, "Float"), longs(target), scores,
                           outs)
    want = x @ w.T + b
    np.testing.assert_allclose(scores.numpy(), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(argmax.numpy(), want.argmax(1)[:, None])
    picked = want[np.arange(5), target]
    assert total == pytest.approx(picked.sum(), rel=1e-5)
    np.testing.assert_allclose(both_.numpy(), np.stack([want.max(1), picked], 1), rtol=1e-5)

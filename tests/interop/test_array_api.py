"""th.array_api, the namespace of the Python array API standard (2024.12) that
th.Tensor.__array_namespace__ returns: the names, the inspection API, and the standard's
semantics where they differ from torch's (promotion of 0-d arrays, axis/keepdims/correction,
stable sorts, unique_*, take, searchsorted, clip, cumulative_sum, copy=, device "cpu"),
checked against numpy (and array_api_strict where installed). The full conformance run is
data-apis' array-api-tests suite: `tox -e array-api` (docs/ARRAY_API.md)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
import th.array_api as xp


def np_of(t):
    return np.asarray(t.numpy())


# ----------------------------------------------------------------- the namespace itself
def test_array_namespace_returns_the_module():
    x = th.ones(2)
    assert x.__array_namespace__() is xp
    assert x.__array_namespace__(api_version="2024.12") is xp
    assert xp.__array_api_version__ == "2024.12"
    with pytest.raises(ValueError, match="api_version"):
        x.__array_namespace__(api_version="1999.01")


STANDARD_NAMES = """abs acos acosh add all any arange argmax argmin argsort asarray asin asinh
astype atan atan2 atanh bitwise_and bitwise_invert bitwise_left_shift bitwise_or
bitwise_right_shift bitwise_xor bool broadcast_arrays broadcast_to can_cast ceil clip
complex128 complex64 concat conj copysign cos cosh count_nonzero cumulative_prod
cumulative_sum diff divide e empty empty_like equal exp expand_dims expm1 eye finfo flip
float32 float64 floor floor_divide from_dlpack full full_like greater greater_equal hypot
iinfo imag inf int16 int32 int64 int8 isdtype isfinite isinf isnan less less_equal linspace
log log10 log1p log2 logaddexp logical_and logical_not logical_or logical_xor matmul
matrix_transpose max maximum mean meshgrid min minimum moveaxis multiply nan negative newaxis
nextafter nonzero not_equal ones ones_like permute_dims pi positive pow prod real reciprocal
remainder repeat reshape result_type roll round searchsorted sign signbit sin sinh sort sqrt
square squeeze stack std subtract sum take take_along_axis tan tanh tensordot tile tril triu
trunc uint16 uint32 uint64 uint8 unique_all unique_counts unique_inverse unique_values
unstack var vecdot where zeros zeros_like __array_namespace_info__""".split()

LINALG_NAMES = """cholesky cross det diagonal eigh eigvalsh inv matmul matrix_norm
matrix_power matrix_rank matrix_transpose outer pinv qr slogdet solve svd svdvals tensordot
trace vecdot vector_norm""".split()


@pytest.mark.parametrize("module", ["_elementwise", "_creation", "_dtypes", "_manipulation",
                                    "_reductions", "_linear", "linalg", "fft", "_info"])
def test_docstring_examples_of_the_submodules(module):
    # tests/project/test_docstrings.py runs th.array_api's own; these live in its modules
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(f"th.array_api.{module}"))
    assert result.failed == 0 and result.attempted > 0


def test_every_standard_name_is_there():
    assert [n for n in STANDARD_NAMES if not hasattr(xp, n)] == []
    assert [n for n in LINALG_NAMES if not hasattr(xp.linalg, n)] == []
    assert xp.float32 is th.float32 and xp.int64 is th.int64  # th's own dtype objects


def test_inspection_api():
    info = xp.__array_namespace_info__()
    assert info.capabilities()["boolean indexing"] is True
    assert str(info.default_device()) == "cpu"
    assert info.default_dtypes() == {"real floating": th.float32, "complex floating":
                                     th.complex64, "integral": th.int64, "indexing": th.int64}
    assert set(info.dtypes()) == {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                  "uint32", "uint64", "float32", "float64", "complex64",
                                  "complex128"}
    assert list(info.dtypes(kind=("bool", "unsigned integer"))) == [
        "bool", "uint8", "uint16", "uint32", "uint64"]
    with pytest.raises(ValueError):
        info.dtypes(kind="quaternion")
    assert [str(d) for d in info.devices()] == ["cpu"]


class CpuDevice:  # what th.device('cpu') or torch.device('cpu') look like to the namespace
    type = "cpu"


@pytest.mark.parametrize("device", [None, "cpu", CpuDevice()])
def test_device_cpu_accepted(device):
    assert xp.zeros(2, device=device).shape == (2,)
    assert xp.asarray([1], device=device).tolist() == [1]
    x = xp.ones(2)
    assert xp.to_device(x, device or "cpu") is x
    assert xp.astype(x, xp.int8, device=device).dtype == xp.int8


def test_other_devices_refused():
    with pytest.raises(ValueError, match="CPU only"):
        xp.zeros(2, device="cuda")
    assert str(xp.device(xp.ones(1))) == "cpu"


# ----------------------------------------------------------------- dtypes and promotion
def test_result_type_follows_the_standard_lattice():
    assert xp.result_type(xp.int8, xp.uint8) is xp.int16
    assert xp.result_type(xp.uint32, xp.int32) is xp.int64
    assert xp.result_type(xp.float32, xp.complex128) is xp.complex128
    assert xp.result_type(xp.float64, xp.complex64) is xp.complex128
    assert xp.result_type(xp.int8, 300) is xp.int8  # scalars are weak
    with pytest.raises(TypeError):
        xp.result_type(xp.int64, xp.float32)  # no cross-kind promotion
    with pytest.raises(ValueError):
        xp.result_type()
    assert xp.can_cast(xp.uint8, xp.int16) and not xp.can_cast(xp.int16, xp.uint8)


def test_0d_arrays_promote_like_any_array():
    # torch lets a 0-d tensor yield to a 1-d one (int8 + int16 0-d -> int8); the standard
    # promotes by dtype alone
    a = xp.asarray([1, 2], dtype=xp.int8)
    b = xp.asarray(300, dtype=xp.int16)
    r = xp.add(a, b)
    assert r.dtype is xp.int16 and r.tolist() == [301, 302]
    assert xp.multiply(xp.asarray([2.0]), xp.asarray(3.0, dtype=xp.float64)).dtype is xp.float64


def test_finfo_iinfo_isdtype():
    assert xp.finfo(xp.float64).eps == np.finfo(np.float64).eps
    assert xp.finfo(xp.complex64).dtype is xp.float32
    assert xp.iinfo(xp.uint64).max == 2 ** 64 - 1
    with pytest.raises(ValueError):
        xp.iinfo(xp.float32)
    assert xp.isdtype(xp.uint8, ("signed integer", "unsigned integer"))
    assert not xp.isdtype(xp.bool, "numeric")
    with pytest.raises(ValueError):
        xp.isdtype(xp.int8, "integer")


def test_limits_and_casting_follow_the_standard_over_ths_own():
    # th.finfo's dtype is a name (torch's); the standard's is the dtype; arrays are accepted
    f = xp.finfo(xp.ones(2, dtype=xp.float64))
    assert (f.bits, f.dtype, f.min) == (64, xp.float64, -np.finfo(np.float64).max)
    assert f.smallest_normal == np.finfo(np.float64).smallest_normal
    assert xp.iinfo(xp.asarray([1], dtype=xp.int16)) == (16, 32767, -32768, xp.int16)
    with pytest.raises(ValueError):
        xp.finfo(xp.int32)
    # th.can_cast allows any cast within a kind, the standard only widening ones
    assert th.can_cast(th.float64, th.float32) and not xp.can_cast(xp.float64, xp.float32)
    assert not xp.can_cast(xp.int8, xp.uint8) and not xp.can_cast(xp.int8, xp.float32)
    assert xp.can_cast(xp.asarray([1], dtype=xp.uint8), xp.uint64)
    # th.promote_types has a rule for uint64 with int64 (float64); the standard has none
    with pytest.raises(TypeError):
        xp.result_type(xp.uint64, xp.int64)
    with pytest.raises(TypeError):
        xp.result_type(xp.bool, xp.int8)
    assert xp.result_type(xp.uint64, xp.uint8, xp.uint16) is xp.uint64


def test_astype_and_copy_keywords():
    x = xp.asarray([1.5, -2.5])
    assert xp.astype(x, xp.float32, copy=False) is x
    y = xp.astype(x, xp.float32)
    assert y is not x and y.tolist() == x.tolist()
    assert xp.asarray(x) is x and xp.asarray(x, copy=True) is not x
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(x, dtype=xp.float64, copy=False)
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray([1, 2], copy=False)
    z = xp.reshape(xp.arange(6), (2, 3), copy=True)
    assert z.shape == (2, 3)
    with pytest.raises(ValueError):
        xp.reshape(xp.permute_dims(xp.ones((2, 3)), (1, 0)), (6,), copy=False)


# ----------------------------------------------------------------- creation
def test_creation_functions():
    assert xp.arange(5, 0, -2).tolist() == [5, 3, 1]
    assert xp.arange(2, 1).shape == (0,)
    assert xp.arange(0.0, 1.0, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert xp.linspace(0, 1, 4, endpoint=False).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert xp.linspace(0, 1, 3, dtype=xp.float64)[-1].item() == 1.0
    assert xp.linspace(0j, 2j, 3).dtype is xp.complex64
    assert xp.eye(3, 2, k=-1).tolist() == [[0, 0], [1, 0], [0, 1]]
    assert xp.full(2, True).dtype is xp.bool and xp.full((1,), 2.5).dtype is xp.float32
    assert xp.full_like(xp.ones(2, dtype=xp.int8), 3).dtype is xp.int8
    assert [g.shape for g in xp.meshgrid(xp.arange(2), xp.arange(3), indexing="ij")] == \
        [(2, 3), (2, 3)]
    # integer-like sizes count (SciPy's ttest_ind passes numpy's int64); bools and floats do not
    assert xp.full((np.int64(2), 3), 1.0).shape == (2, 3) and xp.zeros(np.int32(2)).shape == (2,)
    for bad in [(-1,), (True,), (2.0,)]:
        with pytest.raises(ValueError, match="non-negative ints"):
            xp.zeros(bad)
    assert xp.asarray(1.5).dtype is xp.float32 and xp.asarray(2).dtype is xp.int64
    # a Python float beyond float32 rounds to inf as a cast does (th.asarray refuses it)
    assert xp.asarray(1e39).item() == math.inf and xp.asarray(-1e300).item() == -math.inf
    assert xp.add(xp.asarray([1.0]), 1e39).tolist() == [math.inf]


# ----------------------------------------------------------------- element-wise
FLOATS = st.floats(allow_nan=True, allow_infinity=True, width=32)


@settings(max_examples=50)
@given(st.lists(FLOATS, min_size=1, max_size=20))
def test_composed_inverse_hyperbolics_match_numpy(values):
    a = np.array(values, dtype=np.float32)
    x = xp.asarray(a)
    with np.errstate(all="ignore"):
        for name in ("asinh", "acosh", "atanh"):
            got = np_of(getattr(xp, name)(x))
            want = getattr(np, "arc" + name[1:])(a)
            np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6, equal_nan=True,
                                       err_msg=name)


def test_inverse_hyperbolics_keep_signed_zero_and_extremes():
    x = xp.asarray([-0.0, 0.0, 1e30, -1e30], dtype=xp.float64)
    r = xp.asinh(x)
    assert math.copysign(1, r[0].item()) == -1 and r[1].item() == 0.0
    np.testing.assert_allclose(np_of(r[2:]), np.arcsinh([1e30, -1e30]))
    assert xp.acosh(xp.asarray([1e300], dtype=xp.float64)).item() == pytest.approx(
        math.acosh(1e300))
    z = xp.asarray([0.5 + 0.25j], dtype=xp.complex128)
    for name in ("asinh", "acosh", "atanh"):
        assert np_of(getattr(xp, name)(z))[0] == pytest.approx(
            getattr(np, "arc" + name[1:])(0.5 + 0.25j))


@settings(max_examples=50)
@given(st.lists(st.floats(width=32), min_size=1, max_size=10),
       st.lists(st.floats(width=32), min_size=1, max_size=10))
def test_nextafter_matches_numpy(a, b):
    n = min(len(a), len(b))
    a1, b1 = np.array(a[:n], dtype=np.float32), np.array(b[:n], dtype=np.float32)
    got = np_of(xp.nextafter(xp.asarray(a1), xp.asarray(b1)))
    np.testing.assert_array_equal(got, np.nextafter(a1, b1))
    a2, b2 = a1.astype(np.float64), b1.astype(np.float64)
    got = np_of(xp.nextafter(xp.asarray(a2), xp.asarray(b2)))
    np.testing.assert_array_equal(got, np.nextafter(a2, b2))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_nextafter_special_values_match_numpy(dtype):
    fi = np.finfo(dtype)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, fi.max, -fi.max, fi.tiny, -fi.tiny,
                        fi.smallest_subnormal, -fi.smallest_subnormal, 1.0, -1.0, 2.0, 0.5,
                        1 - fi.epsneg], dtype=dtype)
    a, b = np.repeat(special, len(special)), np.tile(special, len(special))
    got = np_of(xp.nextafter(xp.asarray(a), xp.asarray(b)))
    with np.errstate(all="ignore"):
        want = np.nextafter(a, b)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def test_real_imag_conj_sign_round_complex():
    z = xp.asarray([1.5 - 2.5j, 0j, -3 + 4j], dtype=xp.complex128)
    a = np_of(z)
    np.testing.assert_array_equal(np_of(xp.real(z)), a.real)
    np.testing.assert_array_equal(np_of(xp.imag(z)), a.imag)
    np.testing.assert_array_equal(np_of(xp.conj(z)), a.conj())
    np.testing.assert_allclose(np_of(xp.sign(z)), np.sign(a))
    np.testing.assert_array_equal(np_of(xp.round(z)), np.round(a))
    assert xp.imag(xp.asarray([1.0])).tolist() == [0.0]
    assert np.isnan(np_of(xp.sign(xp.asarray([np.nan]))))[0]
    assert xp.ceil(xp.asarray([3], dtype=xp.int8)).dtype is xp.int8


def test_complex_parts_are_exact_with_inf_nan_and_signed_zeros():
    inf, nan = math.inf, math.nan
    a = np.array([complex(inf, 2), complex(nan, -0.0), complex(-0.0, inf), complex(2, nan)])
    z = xp.asarray(a)
    np.testing.assert_array_equal(np_of(xp.real(z)), a.real)
    np.testing.assert_array_equal(np_of(xp.imag(z)), a.imag)
    assert [math.copysign(1, v) for v in np_of(xp.imag(z))[1:3]] == [-1.0, 1.0]
    # 0-d arrays, and real arrays (a copy, not a view)
    assert xp.imag(xp.asarray(1 + 2j)).item() == 2.0 and xp.real(xp.asarray(1 + 2j)).ndim == 0
    r = xp.asarray([1.0])
    assert xp.real(r) is not r


def test_expm1_of_complex_zero_is_positive_zero():
    # the standard: expm1(±0 + 0j) = +0 + 0j, as exp(z) - 1 (torch and numpy keep -0)
    for dtype in (xp.complex64, xp.complex128):
        z = xp.asarray([complex(-0.0, 0.0), complex(-0.0, -0.0), complex(0.0, 0.0)], dtype=dtype)
        parts = [(w.real, w.imag) for w in np_of(xp.expm1(z)).tolist()]
        assert [math.copysign(1, p) for pair in parts for p in pair] == [1, 1, 1, -1, 1, 1]
    assert math.copysign(1, xp.expm1(xp.asarray([-0.0])).item()) == -1.0


def test_clip():
    x = xp.asarray([1, 5, 9], dtype=xp.int8)
    assert xp.clip(x, 2, 6).tolist() == [2, 5, 6]
    assert xp.clip(x, -1000, 1000).tolist() == [1, 5, 9]  # bounds beyond int8 do not bind
    assert xp.clip(x, max=xp.asarray([0, 10, 3], dtype=xp.int8)).tolist() == [0, 5, 3]
    assert xp.clip(x).dtype is xp.int8
    assert np.isnan(np_of(xp.clip(xp.asarray([1.0]), min=math.nan))).all()


# ----------------------------------------------------------------- reductions
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 2), (), -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reductions_axis_keepdims_match_numpy(axis, keepdims):
    a = np.arange(24, dtype=np.float64).reshape(2, 3, 4) - 7.5
    x = xp.asarray(a)
    for name in ("sum", "prod", "max", "min", "mean", "all", "any"):
        got = getattr(xp, name)(x, axis=axis, keepdims=keepdims)
        want = getattr(np, name)(a, axis=axis, keepdims=keepdims)
        np.testing.assert_allclose(np_of(got), want, err_msg=name)
        assert got.shape == want.shape, name
    for correction in (0, 1):
        if axis == ():
            continue
        got = xp.var(x, axis=axis, keepdims=keepdims, correction=correction)
        np.testing.assert_allclose(np_of(got), np.var(a, axis=axis, keepdims=keepdims,
                                                      ddof=correction))
        got = xp.std(x, axis=axis, keepdims=keepdims, correction=correction)
        np.testing.assert_allclose(np_of(got), np.std(a, axis=axis, keepdims=keepdims,
                                                      ddof=correction))


def test_accumulation_dtypes():
    assert xp.sum(xp.asarray([200, 100], dtype=xp.uint8)).dtype is xp.uint64
    assert xp.sum(xp.asarray([100, 100], dtype=xp.int8)).item() == 200
    assert xp.prod(xp.asarray([True, True])).dtype is xp.int64
    assert xp.sum(xp.asarray([1.0], dtype=xp.float32)).dtype is xp.float32
    assert xp.linalg.trace(xp.ones((2, 2), dtype=xp.int16)).dtype is xp.int64
    assert xp.linalg.trace(xp.ones((2, 2), dtype=xp.uint8)).dtype is xp.uint64
    assert xp.linalg.trace(xp.ones((2, 2)), dtype=xp.float64).dtype is xp.float64


def test_cumulative_sum_prod():
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
    assert xp.cumulative_sum(x, axis=1).tolist() == [[1, 3], [3, 7]]
    assert xp.cumulative_sum(x, axis=0, include_initial=True).tolist() == [[0, 0], [1, 2],
                                                                           [4, 6]]
    assert xp.cumulative_prod(xp.asarray([2, 3]), include_initial=True).tolist() == [1, 2, 6]
    assert xp.cumulative_sum(x, axis=1).dtype is xp.int64
    with pytest.raises(ValueError):
        xp.cumulative_sum(x)


def test_max_of_nothing_raises():
    with pytest.raises(ValueError):
        xp.max(xp.ones((0,)))


# ----------------------------------------------------------------- search, sort, sets
def test_sort_is_stable_both_ways():
    keys = xp.asarray([1, 0, 1, 0, 1])
    assert xp.argsort(keys).tolist() == [1, 3, 0, 2, 4]
    assert xp.argsort(keys, descending=True).tolist() == [0, 2, 4, 1, 3]
    assert xp.sort(xp.asarray([[3, 1], [0, 2]]), axis=0).tolist() == [[0, 1], [3, 2]]


def test_unique_family_matches_numpy():
    a = np.array([[3.0, 1.0, np.nan], [3.0, np.nan, 2.0]])
    x = xp.asarray(a)
    r = xp.unique_all(x)
    values, index, inverse, counts = np.unique(a, return_index=True, return_inverse=True,
                                               return_counts=True, equal_nan=False)
    np.testing.assert_array_equal(np_of(r.values), values)
    np.testing.assert_array_equal(np_of(r.indices), index)
    np.testing.assert_array_equal(np_of(r.inverse_indices), inverse.reshape(a.shape))
    np.testing.assert_array_equal(np_of(r.counts), counts)
    assert xp.unique_inverse(x).inverse_indices.shape == (2, 3)
    assert xp.unique_counts(xp.asarray([2, 2, 1])).counts.tolist() == [1, 2]
    assert xp.unique_values(xp.asarray([2, 2, 1])).tolist() == [1, 2]


def test_searching():
    s = xp.asarray([1.0, 2.0, 2.0, 3.0])
    assert xp.searchsorted(s, xp.asarray([2.0]), side="left").tolist() == [1]
    assert xp.searchsorted(s, xp.asarray([2.0]), side="right").tolist() == [3]
    assert xp.searchsorted(s, xp.asarray(2.5)).shape == ()
    with pytest.raises(ValueError):
        xp.searchsorted(s, xp.asarray([1.0]), side="middle")
    assert xp.argmax(xp.asarray([[1, 9], [8, 2]]), axis=None, keepdims=True).tolist() == [[1]]
    assert [t.tolist() for t in xp.nonzero(xp.asarray([[0, 1], [2, 0]]))] == [[0, 1], [1, 0]]
    assert xp.count_nonzero(xp.asarray([[0, 1], [2, 3]]), axis=0).tolist() == [1, 2]
    assert xp.where(xp.asarray([True, False]), 1.5, xp.asarray([0.0, 0.0])).tolist() == \
        [1.5, 0.0]


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint32", "uint64", "int16"])
def test_searchsorted_every_integer_dtype(dtype):
    big = 2 ** 63 + 5 if dtype == "uint64" else 7
    a = np.array([1, 3, 3, 7, big], dtype=dtype)
    v = np.array([[0, 3], [big, 8]], dtype=dtype)
    for side in ("left", "right"):
        got = xp.searchsorted(xp.asarray(a), xp.asarray(v), side=side)
        np.testing.assert_array_equal(np_of(got), np.searchsorted(a, v, side=side))
    sorter = xp.asarray([4, 3, 2, 1, 0])
    got = xp.searchsorted(xp.asarray(a[::-1].copy()), xp.asarray(v), sorter=sorter)
    np.testing.assert_array_equal(np_of(got), np.searchsorted(a[::-1], v, sorter=[4, 3, 2, 1, 0]))


def test_take_and_take_along_axis():
    x = xp.asarray([[1, 2, 3], [4, 5, 6]])
    assert xp.take(x, xp.asarray([-1, 0]), axis=1).tolist() == [[3, 1], [6, 4]]
    assert xp.take(xp.asarray([7, 8]), xp.asarray([1])).tolist() == [8]
    with pytest.raises(ValueError):
        xp.take(x, xp.asarray([0]))
    idx = xp.asarray([[2], [-3]])
    assert xp.take_along_axis(x, idx, axis=1).tolist() == [[3], [4]]


# ----------------------------------------------------------------- manipulation
def test_manipulation_matches_numpy():
    a = np.arange(12).reshape(3, 4)
    x = xp.asarray(a)
    np.testing.assert_array_equal(np_of(xp.roll(x, 5)), np.roll(a, 5))
    np.testing.assert_array_equal(np_of(xp.roll(x, (1, -1), axis=(0, 1))),
                                  np.roll(a, (1, -1), axis=(0, 1)))
    # one shift for several axes (th.roll, as torch's, wants one per axis)
    np.testing.assert_array_equal(np_of(xp.roll(x, 1, axis=(0, -1))), np.roll(a, 1, axis=(0, 1)))
    with pytest.raises(ValueError):
        xp.roll(x, (1, 2), axis=(0,))
    with pytest.raises(ValueError):
        xp.repeat(x, -1)
    with pytest.raises(ValueError):
        xp.repeat(x, xp.asarray([1, -1, 1]), axis=0)
    with pytest.raises(ValueError):
        xp.repeat(x, xp.asarray([1, 1]), axis=0)
    with pytest.raises(TypeError):
        xp.repeat(x, xp.asarray([1.0, 1.0, 1.0]), axis=0)
    np.testing.assert_array_equal(np_of(xp.tile(x, (2, 1, 3))), np.tile(a, (2, 1, 3)))
    np.testing.assert_array_equal(np_of(xp.repeat(x, 2, axis=1)), np.repeat(a, 2, axis=1))
    np.testing.assert_array_equal(np_of(xp.repeat(x, xp.asarray([0, 2, 1]), axis=0)),
                                  np.repeat(a, [0, 2, 1], axis=0))
    np.testing.assert_array_equal(np_of(xp.repeat(x, 2)), np.repeat(a, 2))
    np.testing.assert_array_equal(np_of(xp.flip(x)), np.flip(a))
    np.testing.assert_array_equal(np_of(xp.concat([x, x], axis=None)),
                                  np.concatenate([a, a], axis=None))
    assert xp.expand_dims(x, axis=(0, 3)).shape == (1, 3, 4, 1)
    assert xp.squeeze(xp.ones((1, 3, 1)), axis=(0, -1)).shape == (3,)
    with pytest.raises(ValueError):
        xp.squeeze(xp.ones((2, 1)), axis=0)
    assert [t.tolist() for t in xp.unstack(x, axis=1)][0] == [0, 4, 8]
    assert xp.broadcast_to(xp.asarray([1, 2]), (3, 2)).shape == (3, 2)
    assert xp.concat([xp.asarray([1], dtype=xp.int8), xp.asarray([2], dtype=xp.int16)]
                     ).dtype is xp.int16


# ----------------------------------------------------------------- linear algebra
def test_linear_algebra_matches_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 3, 4))
    b = rng.standard_normal((4, 3, 2))
    np.testing.assert_allclose(np_of(xp.tensordot(xp.asarray(a), xp.asarray(b),
                                                  axes=([1, 2], [1, 0]))),
                               np.tensordot(a, b, axes=([1, 2], [1, 0])))
    ints = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(np_of(xp.tensordot(xp.asarray(ints), xp.asarray(ints.T),
                                                     axes=1)), ints @ ints.T)
    v = rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))
    np.testing.assert_allclose(np_of(xp.vecdot(xp.asarray(v), xp.asarray(v))),
                               np.vecdot(v, v))
    m = rng.standard_normal((3, 3))
    spd = m @ m.T + 3 * np.eye(3)
    X = xp.asarray(spd)
    np.testing.assert_allclose(np_of(xp.linalg.cholesky(X, upper=True)),
                               np.linalg.cholesky(spd).T, atol=1e-12)
    np.testing.assert_allclose(np_of(xp.linalg.solve(X, xp.asarray([1.0, 2.0, 3.0]))),
                               np.linalg.solve(spd, [1.0, 2.0, 3.0]))
    np.testing.assert_allclose(np_of(xp.linalg.vector_norm(xp.asarray(a), axis=(0, 2),
                                                           keepdims=True, ord=3)),
                               np.sum(np.abs(a) ** 3, axis=(0, 2), keepdims=True) ** (1 / 3))
    # axis=() reduces nothing (th.linalg.vector_norm, as torch's, reads () as every dim)
    c = np.array([[0, -3 + 4j, 1e19 + 1j]])
    for order in (2, 1, 0, math.inf, -math.inf, -1):
        np.testing.assert_array_equal(
            np_of(xp.linalg.vector_norm(xp.asarray(c), axis=(), ord=order)),
            np.abs(c) if order != 0 else (c != 0).astype(np.float64))
    assert xp.linalg.matrix_rank(xp.asarray([[1.0, 2.0], [2.0, 4.0]])).item() == 1
    assert xp.linalg.outer(xp.asarray([1, 2]), xp.asarray([3])).tolist() == [[3], [6]]
    assert xp.linalg.diagonal(xp.asarray(a), offset=1).shape == (2, 3)
    assert xp.matrix_transpose(xp.asarray(a)).shape == (2, 4, 3)
    with pytest.raises(ValueError):
        xp.matmul(xp.asarray(1.0), xp.asarray([1.0]))


def test_against_array_api_strict():
    strict = pytest.importorskip("array_api_strict")
    a = [[0.5, -1.5, 2.5], [3.0, -0.0, 7.25]]
    x, s = xp.asarray(a, dtype=xp.float64), strict.asarray(a, dtype=strict.float64)
    for name in ("abs", "sign", "round", "floor", "exp", "square", "positive"):
        np.testing.assert_array_equal(np_of(getattr(xp, name)(x)),
                                      np.asarray(getattr(strict, name)(s)), err_msg=name)
    for name, kwargs in (("cumulative_sum", {"axis": 1}), ("sort", {"axis": 0}),
                         ("argsort", {"descending": True}), ("std", {"correction": 1}),
                         ("flip", {"axis": 0}), ("diff", {"axis": 1, "n": 2})):
        np.testing.assert_allclose(np_of(getattr(xp, name)(x, **kwargs)),
                                   np.asarray(getattr(strict, name)(s, **kwargs)),
                                   err_msg=name)


# ----------------------------------------------------------------- fft (DFT by matmul)
def test_fft_extension_matches_numpy():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 5)) + 1j * rng.standard_normal((3, 5))
    r = rng.standard_normal((4, 6))
    A, R = xp.asarray(a), xp.asarray(r)
    F = xp.fft
    cases = [
        (F.fft(A), np.fft.fft(a)),
        (F.fft(A, n=7, axis=0, norm="ortho"), np.fft.fft(a, n=7, axis=0, norm="ortho")),
        (F.ifft(A, n=3), np.fft.ifft(a, n=3)),
        (F.fftn(A), np.fft.fftn(a)),
        (F.ifftn(A, s=(2, 4), axes=(0, 1)), np.fft.ifftn(a, s=(2, 4), axes=(0, 1))),
        (F.rfft(R), np.fft.rfft(r)),
        (F.irfft(A), np.fft.irfft(a)),
        (F.irfft(A, n=7, norm="forward"), np.fft.irfft(a, n=7, norm="forward")),
        (F.rfftn(R), np.fft.rfftn(r)),
        (F.irfftn(A, s=(3, 9), axes=(0, 1)), np.fft.irfftn(a, s=(3, 9), axes=(0, 1))),
        (F.hfft(A, n=6), np.fft.hfft(a, n=6)),
        (F.ihfft(R), np.fft.ihfft(r)),
        (F.fftfreq(5, d=0.5), np.fft.fftfreq(5, 0.5)),
        (F.rfftfreq(5), np.fft.rfftfreq(5)),
        (F.fftshift(R), np.fft.fftshift(r)),
        (F.ifftshift(xp.arange(5)), np.fft.ifftshift(np.arange(5))),
    ]
    for i, (got, want) in enumerate(cases):
        assert got.shape == want.shape, i
        np.testing.assert_allclose(np_of(got), want, atol=1e-12, err_msg=str(i))
    assert F.fft(xp.asarray([1j], dtype=xp.complex64)).dtype is xp.complex64
    assert F.rfft(xp.ones(4, dtype=xp.float32)).dtype is xp.complex64
    np.testing.assert_allclose(np_of(F.fft(R)), np.fft.fft(r))  # real input taken as complex
    with pytest.raises(TypeError):
        F.fft(xp.arange(4))
    with pytest.raises(ValueError):
        F.fft(A, norm="sideways")


@pytest.mark.parametrize("a_shape, b_shape", [((1, 1, 1), (1,)), ((2, 1, 1), (1,)),
                                              ((3, 3), (3,)), ((2, 3, 3), (3,)),
                                              ((1, 2, 2), (2,)), ((2, 3, 3), (2, 3, 1))])
def test_solve_takes_a_1_dim_x2_as_a_vector_for_every_batch(a_shape, b_shape):
    """The standard (and numpy 2): a 1-dim x2 is one vector, broadcast over x1's batch;
    (1, 1, 1) with (1,) is (1, 1) (it came back (1,): torch's rule read the column as
    a batch of vectors)."""
    rng = np.random.default_rng(0)
    a = rng.normal(size=a_shape) + 3 * np.eye(a_shape[-1])
    b = rng.normal(size=b_shape)
    got = xp.linalg.solve(xp.asarray(a), xp.asarray(b))
    np.testing.assert_allclose(np_of(got), np.linalg.solve(a, b), rtol=1e-12, atol=1e-12)

"""th.empty/zeros/ones/full/arange/tensor against numpy."""
import ctypes
import os

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import th
from th import _testcapi as capi

from helpers import ALL_DTYPES, NUMPY_DTYPES, to_numpy


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_zeros_ones_full(dtype):
    np_dtype = NUMPY_DTYPES[dtype]
    assert to_numpy(th.zeros(2, 3, dtype=dtype)).tolist() == np.zeros((2, 3), np_dtype).tolist()
    assert to_numpy(th.ones((3,), dtype=dtype)).tolist() == np.ones(3, np_dtype).tolist()
    assert to_numpy(th.full([2, 2], 1, dtype=dtype)).tolist() == np.full((2, 2), 1, np_dtype).tolist()


def test_full_infers_dtype_as_torch():
    assert th.full((2,), 3).dtype is th.int64
    assert th.full((2,), 3.5).dtype is th.float32
    assert th.full((2,), True).dtype is th.bool
    assert th.full(3, 2.5).tolist() == [2.5, 2.5, 2.5]
    assert th.full((), 7).shape == ()


@given(start=st.integers(-50, 50), stop=st.integers(-50, 50), step=st.integers(-7, 7).filter(bool))
def test_arange_ints_match_numpy(start, stop, step):
    if step > 0 and stop < start or step < 0 and stop > start:  # refused, as torch
        with pytest.raises(ValueError, match="inconsistent with step sign"):
            th.arange(start, stop, step)
        return
    t = th.arange(start, stop, step)
    assert t.dtype is th.int64
    assert t.tolist() == np.arange(start, stop, step).tolist()


@given(start=st.floats(-10, 10), stop=st.floats(-10, 10), step=st.floats(0.1, 3))
def test_arange_floats_match_numpy(start, stop, step):
    if stop < start:  # refused, as torch
        with pytest.raises(ValueError, match="inconsistent with step sign"):
            th.arange(start, stop, step, dtype=th.float64)
        return
    t = th.arange(start, stop, step, dtype=th.float64)
    a = np.arange(start, stop, step, dtype=np.float64)
    assert t.shape == a.shape
    np.testing.assert_allclose(t.tolist(), a, rtol=1e-12, atol=1e-12)


def test_arange_forms_and_errors():
    assert th.arange(4).tolist() == [0, 1, 2, 3]
    assert th.arange(1.0, 2.0, 0.5).dtype is th.float32
    assert th.arange(3, dtype=th.uint8).tolist() == [0, 1, 2]
    assert th.arange(5, 0, -2).tolist() == [5, 3, 1]
    with pytest.raises(ValueError, match="step must be nonzero"):
        th.arange(0, 4, 0)
    with pytest.raises(ValueError, match="NaN"):
        th.arange(0.0, float("nan"))
    with pytest.raises(ValueError, match="uint8 without overflow"):
        th.arange(254, 258, dtype=th.uint8)


ARANGE_DTYPES = ["int64", "float32", "float64", "float16", "bfloat16", "int32", "int16"]


EXACT_BELOW = {"float32": 2**24, "float64": 2**53, "float16": 2**11, "bfloat16": 2**8}


@given(start=st.integers(-2**40, 2**40), count=st.integers(0, 300), step=st.integers(1, 2**30),
       dtype=st.sampled_from(ARANGE_DTYPES))
def test_arange_of_integers_matches_torch(start, count, step, dtype):
    """Integer start, end and step, against torch: the common dtypes are
    written directly, float16/bfloat16 cast from int64 (where float16
    overflows, inf, as torch's). Left out: floats that round (torch adds
    steps in float lanes there) and narrow integers that overflow (th raises
    where torch wraps)."""
    torch = pytest.importorskip("torch")
    end = start + count * step
    values = range(start, end, step)
    if dtype in EXACT_BELOW:
        assume(all(abs(v) < EXACT_BELOW[dtype] for v in values))
    elif dtype != "int64" and values:
        info = np.iinfo(dtype)
        if not info.min <= min(values[0], values[-1]) <= max(values[0], values[-1]) <= info.max:
            with pytest.raises(ValueError, match="without overflow"):
                th.arange(start, end, step, dtype=getattr(th, dtype))
            return
    got = th.arange(start, end, step, dtype=getattr(th, dtype))
    expected = torch.arange(start, end, step, dtype=getattr(torch, dtype))
    assert got.shape == tuple(expected.shape) and got.tolist() == expected.tolist()


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("dtype", ["int64", "float32", "float64"])
def test_long_integer_aranges_match_torch_on_any_thread_count(threads, dtype):
    """Past one 4096-element chunk and the 4 MiB from which the values are
    written on th's threads (8 MiB of int64)."""
    before = th.get_num_threads()
    th.set_num_threads(threads)
    try:
        for start, end, step in [(0, 1 << 20, 1), (-3, 3 * (1 << 20) - 3, 3),
                                 (2**40, 2**40 - 5 * 700001, -5)]:
            got = th.arange(start, end, step, dtype=getattr(th, dtype))
            expected = np.arange(start, end, step, dtype=np.int64)
            if dtype == "int64":
                torch = pytest.importorskip("torch")
                assert got.tolist() == torch.arange(start, end, step).tolist()
            # one exact int64, then one conversion (float32 rounds past 2**24)
            np.testing.assert_array_equal(to_numpy(got), expected.astype(dtype))
    finally:
        th.set_num_threads(before)


LIBTH = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
arange_int64 = LIBTH.THTensor_arangeInt64
arange_int64.restype = ctypes.c_int
arange_int64.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64]


def test_arange_int64_from_c_wraps_writes_through_strides_and_refuses_a_negative_count():
    r = th.zeros(12, dtype=th.int64)
    view = r[::3]  # 4 elements, stride 3: kept as it is, written through its strides
    address = capi.tensor_address(view)
    refs = view.refcount, view.storage().refcount
    assert arange_int64(address, 2**63 - 2, 1, 4) == 0
    assert view.tolist() == [2**63 - 2, 2**63 - 1, -2**63, -2**63 + 1]  # unsigned arithmetic's wrap
    assert r.tolist()[1:3] == [0, 0] and view.stride() == (3,)
    assert (view.refcount, view.storage().refcount) == refs
    with pytest.raises(ValueError, match=r"THTensor_arangeInt64: n must be >= 0, got -1"):
        arange_int64(address, 0, 1, -1)
    assert view.tolist()[0] == 2**63 - 2  # unchanged
    f = th.zeros(3, dtype=th.uint8)  # any dtype, converted as a copy converts
    assert arange_int64(capi.tensor_address(f), 254, 1, 3) == 0
    assert f.tolist() == [254, 255, 0]


def test_arange_past_float16s_range_is_inf_as_torchs():
    # start and step in range, values past it (torch's float16 vector lanes
    # start from start rounded to float16: once that overflows its values
    # differ from its own scalar path, so that is not compared)
    torch = pytest.importorskip("torch")
    for args in [(0, 70000, 1000), (0.0, 70000.0, 1000.0), (0, -70000, -1000)]:
        got = th.arange(*args, dtype=th.float16)
        assert got.tolist() == torch.arange(*args, dtype=torch.float16).tolist()
        assert float("inf") in [abs(v) for v in got.tolist()]


@given(data=st.integers(1, 4).flatmap(
    lambda n: st.lists(st.lists(st.floats(-1e6, 1e6), min_size=n, max_size=n), min_size=0, max_size=4)))
def test_tensor_from_nested_floats(data):
    t = th.tensor(data, dtype=th.float64)
    a = np.array(data, dtype=np.float64)
    assert t.shape == a.shape
    assert t.tolist() == a.tolist()


def test_tensor_infers_dtype_as_torch():
    assert th.tensor([1, 2]).dtype is th.int64
    assert th.tensor([1, 2.0]).dtype is th.float32
    assert th.tensor([True, False]).dtype is th.bool
    assert th.tensor([True, 2]).dtype is th.int64
    assert th.tensor([]).dtype is th.float32 and th.tensor([]).shape == (0,)
    assert th.tensor([[], []]).shape == (2, 0)
    assert th.tensor(5).shape == () and th.tensor(5).item() == 5
    assert th.tensor(np.float32(1.5)).dtype is th.float32
    assert th.tensor([np.int16(3)]).dtype is th.int64


def test_tensor_copies_a_tensor():
    a = th.tensor([[1, 2], [3, 4]])
    b = th.tensor(a)
    assert b.tolist() == a.tolist() and b.storage().data_ptr() != a.storage().data_ptr()
    c = th.tensor(a, dtype=th.float16)
    assert c.dtype is th.float16 and c.tolist() == [[1.0, 2.0], [3.0, 4.0]]


INT64_INTS = st.integers(-2**63, 2**63 - 1)
# (a finite float beyond float32's range is refused by th, made inf by torch)
FLOAT32_PLAIN = st.one_of(st.floats(-3.4e38, 3.4e38), st.sampled_from([np.nan, np.inf, -np.inf]),
                          INT64_INTS, st.booleans())
PLAIN_ROWS = {  # what torch takes into each dtype without undefined casts
    None: FLOAT32_PLAIN, th.float32: FLOAT32_PLAIN, th.complex64: FLOAT32_PLAIN,
    th.float64: st.one_of(st.floats(), INT64_INTS, st.booleans()),
    th.float16: st.one_of(st.floats(-6e4, 6e4), st.integers(-2**11, 2**11), st.booleans()),
    th.int64: st.one_of(INT64_INTS, st.booleans()),
    th.int32: st.one_of(st.integers(-2**31, 2**31 - 1), st.booleans()),
    th.bool: st.one_of(st.integers(0, 1), st.booleans()),
}


@given(data=st.data(), dtype=st.sampled_from(list(PLAIN_ROWS)), rows=st.integers(0, 3),
       n=st.integers(0, 12))
def test_tensor_of_plain_numbers_matches_torch(data, dtype, rows, n):
    """Lists of exact Python floats, ints and bools (taken whole, without a
    call per number): torch's dtype and values, nan and inf included."""
    torch = pytest.importorskip("torch")
    values = [data.draw(st.lists(PLAIN_ROWS[dtype], min_size=n, max_size=n)) for _ in range(rows)]
    values = values if rows else data.draw(st.lists(PLAIN_ROWS[dtype], max_size=12))
    t = th.tensor(values, dtype=dtype)
    r = torch.tensor(values, dtype=None if dtype is None else getattr(torch, str(dtype)[3:]))
    assert str(t.dtype)[3:] == str(r.dtype)[6:] and t.shape == tuple(r.shape)
    np.testing.assert_array_equal(to_numpy(t), r.numpy())


def test_tensor_of_plain_numbers_and_others():
    """A number that is not a plain float, int or bool (a numpy scalar, a
    float subclass, a 0-dim tensor) among plain ones: each is read and
    inferred as before; ints beyond int64 are refused with their value."""
    class Half(float):
        pass

    assert th.tensor([1, np.float64(2.5)]).dtype is th.float32
    assert th.tensor([[1, 2], [np.int16(3), 4]]).dtype is th.int64
    assert th.tensor([True, Half(0.5)]).tolist() == [1.0, 0.5]
    assert th.tensor([2, th.tensor(3.5)]).tolist() == [2.0, 3.5]
    assert th.tensor([1, 2.5], dtype=th.int64).tolist() == [1, 2]
    assert th.tensor([[0.1, 2], [True, -0.0]], dtype=th.float32).tolist() == \
        np.array([[0.1, 2], [1, -0.0]], np.float32).tolist()
    for big in [1e39, np.float64(-1e39), 3.4028235677973366e38]:  # rounds to inf: refused
        with pytest.raises(ValueError, match="cannot be converted to float32 without overflow"):
            th.tensor([[1.5, 2], [0.5, big]])
    assert th.tensor([1.5, 3.4028235677973362e38]).tolist()[1] == np.finfo(np.float32).max
    with pytest.raises(ValueError, match="value 9223372036854775808 .*int64 without overflow"):
        th.tensor([1, 2**63])
    with pytest.raises(ValueError, match="value -9223372036854775809 .*int64 without overflow"):
        th.tensor([[1.5], [-2**63 - 1]], dtype=th.int64)
    assert th.tensor([1, 2**63], dtype=th.float64).tolist() == [1.0, 2.0**63]


def test_tensor_rejects_ragged_and_bad_data():
    with pytest.raises(ValueError, match="expected a sequence of length 2 at dim 1, got 1"):
        th.tensor([[1, 2], [3]])
    with pytest.raises(ValueError, match="too deep"):
        th.tensor([[1, 2], [3, [4]]])
    with pytest.raises(ValueError, match="expected a sequence at dim 1"):
        th.tensor([[1, 2], 3])
    with pytest.raises(TypeError, match="expected a number, got str"):
        th.tensor(["a"])
    with pytest.raises(ValueError, match="int8 without overflow"):
        th.tensor([1, 200], dtype=th.int8)
    with pytest.raises(ValueError, match="more than 64 dimensions"):
        th.tensor(eval("[" * 65 + "]" * 65))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_tensor_values_for_every_dtype(dtype):
    data = [[0, 1], [1, 1]] if dtype is th.bool else [[0, 1], [2, 100]]
    t = th.tensor(data, dtype=dtype)
    assert t.tolist() == np.array(data, dtype=NUMPY_DTYPES[dtype]).tolist()


def test_bad_shapes():
    with pytest.raises(TypeError, match="ints or a tuple/list"):
        th.empty("abc")
    with pytest.raises(TypeError, match="size\\[1\\] must be an integer, not float"):
        th.zeros((2, 2.5))
    with pytest.raises(ValueError, match="size\\[1\\] must be non-negative, got -2"):
        th.ones(3, -2)
    with pytest.raises(ValueError, match="overflows int64"):
        th.empty(2**40, 2**40)
    with pytest.raises(MemoryError, match="failed to allocate"):
        with th.debug.fail_allocations(after=1):  # refused on any machine (test_errors.py)
            th.empty(2**20, 2**20, dtype=th.float64)


INT64_MIN, INT64_MAX = -2**63, 2**63 - 1


@pytest.mark.parametrize("value", [INT64_MIN - 1, INT64_MIN - 1000, INT64_MAX + 1, 2**70, -2**70])
def test_ints_beyond_int64_are_refused_by_integer_dtypes(value):
    """Every way a Python int reaches an integer element refuses one outside
    int64's range, even when its nearest float fits (-2**63 - 1 rounds to
    -2**63): nothing is stored, as torch.tensor([-2**63 - 1]) refuses too."""
    t = th.zeros(2, dtype=th.int64)
    s = th.Storage(2, dtype=th.int32)
    s.fill_(0)
    match = r"an int beyond int64's range\) cannot be converted to int(64|32) without overflow"
    for write in (lambda: th.tensor([value]), lambda: th.tensor([1, value], dtype=th.int64),
                  lambda: th.full((2,), value, dtype=th.int64), lambda: t.fill_(value),
                  lambda: t.__setitem__(0, value), lambda: t.__setitem__(slice(None), value),
                  lambda: s.__setitem__(0, value), lambda: s.fill_(value)):
        with pytest.raises(ValueError, match=match):
            write()
    assert t.tolist() == [0, 0] and s.tolist() == [0, 0]


@pytest.mark.parametrize("value", [INT64_MIN - 1, INT64_MAX + 1, 2**70])
def test_ints_beyond_int64_round_into_float_and_bool_dtypes(value):
    for dtype, np_dtype in [(th.float64, np.float64), (th.float32, np.float32), (th.bool, np.bool_)]:
        assert th.tensor([value], dtype=dtype).tolist() == np.array([float(value)]).astype(np_dtype).tolist()
        assert th.zeros(1, dtype=dtype).fill_(value).tolist() == th.tensor([value], dtype=dtype).tolist()
    assert th.tensor([INT64_MIN]).tolist() == [INT64_MIN]  # the edges themselves are exact
    assert th.tensor([INT64_MAX]).tolist() == [INT64_MAX]

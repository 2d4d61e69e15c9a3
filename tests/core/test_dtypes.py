"""The dtypes neighbouring libraries bring: bfloat16, complex64/complex128 and
uint16/uint32/uint64. Casts between every pair checked against numpy (torch
for bfloat16) on every special value, scalars in and out, fills, repr, and
the bad inputs each refuses."""
import math
import struct
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

from helpers import ALL_DTYPES, EVERY_DTYPE, NUMPY_DTYPES

NEW_DTYPES = [th.bfloat16, th.complex64, th.complex128, th.uint16, th.uint32, th.uint64]
INTEGER_DTYPES = [d for d in ALL_DTYPES if not d.is_floating_point and not d.is_complex
                  and d is not th.bool]

# ------------------------------------------------------------------ the values
TINY64 = 5e-324  # smallest float64 subnormal
FLOAT_SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.9999, -0.9999, 1.5, 2.5, -2.5, 100.7,
                  127.0, 128.0, 255.0, 256.0, -129.0, 32767.0, 65504.0, 65519.0, 65520.0,
                  65535.0, 65536.0, 2.0**31 - 1, 2.0**31, -2.0**31, 2.0**32 - 1, 2.0**32,
                  2.0**53 + 2, 2.0**63, -2.0**63, 2.0**64 - 2**11, 2.0**64, 1e30, -1e30,
                  3.4028234663852886e38, 1e300, 1.17549435e-38, 1e-40, -1e-40, 1e-45,
                  6e-8, 1e-310, TINY64, -TINY64, math.nan, -math.nan, math.inf, -math.inf]
INT_SPECIALS = [0, 1, -1, 2, 7, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536,
                -32769, 2**31 - 1, 2**31, -2**31, 2**32 - 1, 2**32, 2**53 + 1, 2**62 + 2**9 + 1,
                2**63 - 1, -2**63, -2**63 + 1]


def source_array(dtype):
    """Every special value of a source dtype, as numpy holds it."""
    np_dtype = np.dtype(NUMPY_DTYPES[dtype])
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if np_dtype.kind == "f":
            return np.array(FLOAT_SPECIALS, dtype=np.float64).astype(np_dtype)
        if np_dtype.kind == "c":
            parts = np.array(FLOAT_SPECIALS, dtype=np.float64)
            re = np.concatenate([parts, np.zeros_like(parts), parts[::-1]])
            im = np.concatenate([np.zeros_like(parts), parts, parts])
            return (re + 1j * im).astype(np_dtype)
        if np_dtype.kind == "b":
            return np.array([True, False, True])
        ints = np.array(INT_SPECIALS, dtype=np.int64).astype(np_dtype)  # wraps
        if np_dtype == np.uint64:
            ints = np.concatenate([ints, np.array([2**63, 2**64 - 1, 2**63 + 1], np.uint64)])
        return ints


def defined_in_numpy(src, dst_dtype):
    """Where numpy's cast of src to an integer dtype is defined in C: a float
    (a complex's real part) whose truncation fits. Elsewhere the result is
    platform-specific, and th's own choice is tested separately."""
    np_dst = np.dtype(NUMPY_DTYPES[dst_dtype])
    if np_dst.kind not in "iu" or src.dtype.kind not in "fc":
        return np.ones(src.shape, dtype=bool)
    info = np.iinfo(np_dst)
    values = np.real(src).astype(np.float64)
    with np.errstate(invalid="ignore"):
        t = np.trunc(values)
        return np.isfinite(t) & (t >= float(info.min)) & (t <= float(info.max)) & (
            t < 2.0**63 if info.min < 0 else t < 2.0**64)


def same_values(got, expect):
    """Equal element for element, NaN matching NaN, -0.0 not matching 0.0."""
    got, expect = np.asarray(got), np.asarray(expect)
    assert got.dtype == expect.dtype and got.shape == expect.shape
    if got.dtype.kind in "fc":
        for part in (np.real, np.imag) if got.dtype.kind == "c" else (lambda x: x,):
            g, e = part(got), part(expect)
            nan = np.isnan(e)
            assert (np.isnan(g) == nan).all(), (g[np.isnan(g) != nan], e[np.isnan(g) != nan])
            np.testing.assert_array_equal(g[~nan], e[~nan])
            np.testing.assert_array_equal(np.signbit(g[~nan]), np.signbit(e[~nan]))
    else:
        np.testing.assert_array_equal(got, expect)


# -------------------------------------------------------------- dtype objects
def test_dtype_attributes_match_torch():
    torch = pytest.importorskip("torch")
    for d in EVERY_DTYPE:
        ref = getattr(torch, d.name)
        assert (d.is_complex, d.is_floating_point, d.is_signed, d.itemsize) == (
            ref.is_complex, ref.is_floating_point, ref.is_signed, ref.itemsize), d


def test_new_dtype_names_and_aliases():
    assert [d.name for d in NEW_DTYPES] == ["bfloat16", "complex64", "complex128", "uint16",
                                            "uint32", "uint64"]
    assert th.cfloat is th.complex64 and th.cdouble is th.complex128
    assert [th.empty(0, dtype=d.name).dtype for d in NEW_DTYPES] == NEW_DTYPES
    assert [d.itemsize for d in NEW_DTYPES] == [2, 8, 16, 2, 4, 8]
    assert repr(th.bfloat16) == "th.bfloat16"


# ------------------------------------------------------- casts against numpy
def cast_with_th(src, dst_dtype, strided):
    """src (numpy) copied into a th tensor of dst_dtype, contiguously or
    through strided views on both sides (the SIMD and the element loops)."""
    s = th.from_numpy(np.ascontiguousarray(src))
    if strided:
        wide = th.empty(len(src), 3, dtype=s.dtype)
        wide[:, 1] = s
        s = wide[:, 1]
        out = th.zeros(len(src), 2, dtype=dst_dtype)
        out[:, 0].copy_(s)
        return np.asarray(out[:, 0].contiguous())
    out = th.empty(len(src), dtype=dst_dtype)
    out.copy_(s)
    return np.asarray(out)


@pytest.mark.parametrize("strided", [False, True], ids=["contiguous", "strided"])
@pytest.mark.parametrize("src_dtype", ALL_DTYPES, ids=lambda d: d.name)
def test_every_cast_matches_numpy(src_dtype, strided):
    """Every source dtype to every destination numpy has, on every special
    value: NaN, +-inf, -0.0, subnormals, out-of-range integers (wrapping),
    uint64 beyond int64, complex to real (the real part) and to bool."""
    src = source_array(src_dtype)
    for dst_dtype in ALL_DTYPES:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            expect = src.astype(NUMPY_DTYPES[dst_dtype])
        got = cast_with_th(src, dst_dtype, strided)
        defined = defined_in_numpy(src, dst_dtype)
        same_values(got[defined], expect[defined])


FLOAT_TO_UINT_CHOICES = [  # th's documented results where numpy's are undefined
    (th.uint16, [-1.0, -2.5, 70000.0, 1e30, math.nan, -math.inf], [65535, 65534, 4464, 0, 0, 0]),
    (th.uint32, [-1.0, -2.5, 2.0**32 + 5, -2.0**31 - 1, 1e30, math.nan],
     [2**32 - 1, 2**32 - 2, 5, 2**31 - 1, 0, 0]),
    (th.uint64, [-1.0, -2.5, 2.0**64, 1e30, -1e30, math.nan, math.inf, -math.inf],
     [2**64 - 1, 2**64 - 2] + [2**63] * 6),
]


@pytest.mark.parametrize("dtype,values,expect", FLOAT_TO_UINT_CHOICES,
                         ids=lambda x: getattr(x, "name", ""))
@pytest.mark.parametrize("src_dtype", [th.float64, th.complex128])
def test_out_of_range_float_to_unsigned_follows_ths_rule(dtype, values, expect, src_dtype):
    """Outside (-1, max + 1) numpy's result is platform-specific; th's rule
    (THCastImpl.h): through int32 for uint16, through int64 for uint32,
    exact below 2^64 and else int64's result reinterpreted for uint64."""
    src = th.tensor(values, dtype=src_dtype)
    assert th.empty(len(values), dtype=dtype).copy_(src).tolist() == expect
    assert th.empty(len(values), 2, dtype=dtype)[:, 0].copy_(src).tolist() == expect


def test_complex_to_real_drops_the_imaginary_part():
    z = th.tensor([1.5 + 2j, -3.7 - 0.5j, 0 + 1j, 0j], dtype=th.complex128)
    assert th.empty(4, dtype=th.float32).copy_(z).tolist() == [1.5, -3.700000047683716, 0.0, 0.0]
    assert th.empty(4, dtype=th.int64).copy_(z).tolist() == [1, -3, 0, 0]
    assert th.empty(4, dtype=th.bool).copy_(z).tolist() == [True, True, True, False]
    assert th.empty(4, dtype=th.complex64).copy_(th.tensor([1, -2, 3, 0])).tolist() == [
        1 + 0j, -2 + 0j, 3 + 0j, 0j]


def test_uint64_to_float_and_back():
    big = np.array([2**64 - 1, 2**63 + 2**40 + 1, 2**53 + 1, 2**63, 0, 12345], dtype=np.uint64)
    t = th.from_numpy(big)
    for dst in (th.float64, th.float32, th.float16, th.complex128):
        same_values(np.asarray(th.empty(6, dtype=dst).copy_(t)),
                    big.astype(NUMPY_DTYPES[dst]))
    back = np.array([2.0**63, 2.0**64 - 2**11, 2.0**53 + 2, 0.0, 0.75], dtype=np.float64)
    assert th.empty(5, dtype=th.uint64).copy_(th.from_numpy(back)).tolist() == \
        back.astype(np.uint64).tolist() == [2**63, 2**64 - 2**11, 2**53 + 2, 0, 0]


# ---------------------------------------------------- bfloat16 against torch
def bits_to_float32(bits):
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


def bf16_bits(t):
    """The bits of a th bfloat16 tensor, as a uint16 array."""
    out = th.empty(t.numel(), dtype=th.int32)
    from th._interop import reinterpret_storage
    raw = th.empty(0, dtype=th.uint16).set_(reinterpret_storage(t.storage(), th.uint16),
                                             t.storage_offset(), t.shape, t.stride())
    out.copy_(raw.reshape(-1))
    return np.asarray(out).astype(np.uint16)


def torch_bf16_bits(x):
    torch = pytest.importorskip("torch")
    return x.to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)


def check_bf16_matches_torch(values_np):
    """values_np (float32 or float64) to bfloat16 in th (contiguous: the
    AVX2 loop; strided: the element loop) and in torch: bit for bit, every
    NaN a NaN."""
    torch = pytest.importorskip("torch")
    expect = torch_bf16_bits(torch.from_numpy(values_np))
    src = th.from_numpy(values_np)
    fast = th.empty(len(values_np), dtype=th.bfloat16).copy_(src)
    slow = th.empty(len(values_np), 2, dtype=th.bfloat16)[:, 1].copy_(src)
    got, got_slow = bf16_bits(fast), bf16_bits(slow)
    np.testing.assert_array_equal(got, got_slow)  # the vector path is the scalar one
    nan = (expect & 0x7FFF) > 0x7F80
    np.testing.assert_array_equal((got & 0x7FFF) > 0x7F80, nan)
    np.testing.assert_array_equal(got[~nan], expect[~nan])


def test_float32_to_bfloat16_rounds_as_torch_on_the_edges():
    bits = [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00008000, 0x00018000,
            0x3F808000, 0x3F818000, 0x3F808001, 0x3F807FFF, 0x7F7F8000, 0x7F7FFFFF,
            0xFF7F8000, 0x7F800000, 0xFF800000, 0x7F800001, 0xFFC00001, 0x7FFFFFFF,
            0x7FBFFFFF, 0xFF80FFFF, 0x3F800000, 0xC2F6E979]
    check_bf16_matches_torch(bits_to_float32(bits * 2 + bits[:5]))  # groups of 16 + a tail


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=70))
def test_float32_to_bfloat16_matches_torch_on_any_bits(bits):
    check_bf16_matches_torch(bits_to_float32(bits))


def test_float64_and_ints_to_bfloat16_round_through_float32_as_torch():
    torch = pytest.importorskip("torch")
    # halfway cases that a single rounding would settle the other way
    doubles = np.array([1.0 + 2.0**-8 + 2.0**-40, 1.0 + 2.0**-8 - 2.0**-40, 3.0e38, 1e39,
                        -1e-45, TINY64, math.nan, -math.inf, 2.0**-133], dtype=np.float64)
    check_bf16_matches_torch(doubles)
    for np_dtype in (np.int64, np.int32, np.int16, np.uint8, np.int8):
        ints = np.array(INT_SPECIALS, dtype=np.int64).astype(np_dtype)
        got = bf16_bits(th.empty(len(ints), dtype=th.bfloat16).copy_(th.from_numpy(ints)))
        np.testing.assert_array_equal(got, torch_bf16_bits(torch.from_numpy(ints)))


def test_bfloat16_to_every_dtype_matches_torch():
    """All 65536 bfloat16 values (NaNs and out-of-range values left out for
    the integer dtypes, where C leaves the result undefined)."""
    torch = pytest.importorskip("torch")
    every = np.arange(2**16, dtype=np.int32).astype(np.uint16)
    src = th.from_numpy(every.view(np.int16))  # the bits, then reinterpreted
    from th._interop import reinterpret_storage
    bf = th.empty(0, dtype=th.bfloat16).set_(reinterpret_storage(src.storage(), th.bfloat16))
    ref = torch.from_numpy(every.view(np.int16)).view(torch.bfloat16)
    values = ref.float().numpy()
    for dst in ALL_DTYPES:
        tdst = getattr(torch, dst.name)
        mask = np.ones(len(every), dtype=bool)
        if not dst.is_floating_point and not dst.is_complex and dst is not th.bool:
            info = np.iinfo(NUMPY_DTYPES[dst])
            with np.errstate(invalid="ignore"):
                mask = np.isfinite(values) & (np.trunc(values) >= info.min) & (
                    np.trunc(values) <= min(info.max, 2**31))
        got = np.asarray(th.empty(len(every), dtype=dst).copy_(bf))
        same_values(got[mask], ref.to(tdst).numpy()[mask])
    np.testing.assert_array_equal(bf16_bits(th.empty(2**16, dtype=th.bfloat16).copy_(bf)), every)


def test_bfloat16_specials_to_integers_match_torch():
    """inf, -inf, NaN, out-of-range and negative bfloat16s into every integer
    dtype and bool: torch's results (bf16 inf .to(uint64) is 0, not 2**63).
    Against torch's per-element loop (a strided source): its vectorised
    contiguous loop differs for uint32 alone (5e9: 0 there)."""
    torch = pytest.importorskip("torch")
    every = np.arange(2**16, dtype=np.int32).astype(np.uint16)
    src = th.from_numpy(every.view(np.int16))
    from th._interop import reinterpret_storage
    bf = th.empty(0, dtype=th.bfloat16).set_(reinterpret_storage(src.storage(), th.bfloat16))
    ref = torch.from_numpy(every.view(np.int16)).view(torch.bfloat16)
    ref_strided = torch.stack([ref, ref], 1)[:, 0]
    for dst in ALL_DTYPES:
        if dst.is_floating_point or dst.is_complex:
            continue
        tdst = getattr(torch, dst.name)
        got = np.asarray(th.empty(len(every), dtype=dst).copy_(bf))
        np.testing.assert_array_equal(got, ref_strided.to(tdst).numpy(), err_msg=dst.name)
        if dst is not th.uint32:
            np.testing.assert_array_equal(got, ref.to(tdst).numpy(), err_msg=dst.name)
    t = th.tensor([math.inf, -1.0, 1e30, -math.inf, math.nan, 1e19], dtype=th.bfloat16)
    assert t.to(th.uint64).tolist() == [0, 2**64 - 1, 0, 2**63, 2**63, 10016005571271983104]


def test_bfloat16_through_float16_and_back():
    torch = pytest.importorskip("torch")
    halves = np.array([1.0, 65504.0, 6e-8, 1e-5, math.nan, -math.inf, 0.1], dtype=np.float16)
    got = bf16_bits(th.empty(7, dtype=th.bfloat16).copy_(th.from_numpy(halves)))
    expect = torch_bf16_bits(torch.from_numpy(halves))
    nan = np.isnan(halves)
    np.testing.assert_array_equal(got[~nan], expect[~nan])
    back = th.empty(7, dtype=th.float16).copy_(th.empty(7, dtype=th.bfloat16).copy_(
        th.from_numpy(halves)))
    same_values(np.asarray(back), torch.from_numpy(halves).to(torch.bfloat16).half().numpy())


def test_bfloat16_nan_keeps_its_sign_and_is_quiet():
    x = th.from_numpy(bits_to_float32([0xFF800001, 0x7F800001, 0x7FC12345]))
    assert bf16_bits(th.empty(3, dtype=th.bfloat16).copy_(x)).tolist() == [0xFFC0, 0x7FC0, 0x7FC1]


# --------------------------------------------------- scalars, fills and repr
def test_item_and_tolist_give_python_numbers():
    z = th.tensor([[1 + 2j, -0.5j]])
    assert z.dtype is th.complex64 and z.tolist() == [[1 + 2j, -0.5j]]
    assert type(z[0, 0].item()) is complex and complex(z[0, 1]) == -0.5j
    u = th.tensor([2**64 - 1, 2**63], dtype=th.uint64)
    assert u.tolist() == [2**64 - 1, 2**63] and type(u[0].item()) is int
    assert th.tensor([0.1], dtype=th.bfloat16).item() == 0.10009765625
    assert th.tensor([70000, 65535], dtype=th.uint32).tolist() == [70000, 65535]
    assert th.tensor(np.complex64(1 - 1j)).dtype is th.complex64
    assert th.tensor([1, 2.5, 1j]).dtype is th.complex64  # complex wins, as in torch


@pytest.mark.parametrize("dtype", NEW_DTYPES, ids=lambda d: d.name)
def test_fill_setitem_and_storage_of_the_new_dtypes(dtype):
    value = 1 - 2j if dtype.is_complex else 3
    t = th.zeros(2, 3, dtype=dtype)
    t.fill_(value)
    assert t.tolist() == [[value] * 3] * 2
    t[0, 1] = 5
    t[1] = 7
    assert t.tolist() == [[value, 5, value], [7, 7, 7]]
    s = th.Storage([1, 2, value], dtype=dtype)
    s.fill_(4)
    s[0] = value
    assert s.tolist() == [value, 4, 4] and s.dtype is dtype
    assert th.full((2,), value, dtype=dtype).tolist() == [value] * 2


def test_fill_of_complex_and_wide_unsigned_values():
    assert th.zeros(2, dtype=th.complex128).fill_(complex(math.inf, -0.0)).tolist() == [
        complex(math.inf, -0.0)] * 2
    assert th.zeros(3, dtype=th.complex64)[::2].fill_(np.complex128(0.1 + 1j)).tolist() == [
        complex(np.complex64(0.1 + 1j))] * 2
    assert th.zeros(2, dtype=th.float64).fill_(2.5 + 0j).tolist() == [2.5, 2.5]
    u = th.zeros(2, dtype=th.uint64)
    assert u.fill_(2**64 - 1).tolist() == [2**64 - 1] * 2
    s = th.Storage(2, dtype=th.uint64)
    s.fill_(2**63 + 7)
    s[1] = 2**64 - 2
    assert s.tolist() == [2**63 + 7, 2**64 - 2]
    assert th.zeros(1, dtype=th.float32).fill_(2**64 - 1).item() == 2.0**64
    assert th.zeros(1, dtype=th.complex128).fill_(2**63).item() == 2.0**63


@pytest.mark.parametrize("dtype,value,match", [
    (th.uint16, 65536, "cannot be converted to uint16 without overflow"),
    (th.uint32, -1, "cannot be converted to uint32 without overflow"),
    (th.uint64, -1, "cannot be converted to uint64 without overflow"),
    (th.uint64, 2**64, r"beyond uint64's range\) cannot be converted to uint64"),
    (th.int64, 2**63, r"beyond int64's range\) cannot be converted to int64"),
    (th.uint32, 2**63 + 1, r"beyond int64's range\) cannot be converted to uint32"),
    (th.uint64, -0.5 - 1, "cannot be converted to uint64 without overflow"),
    (th.uint64, math.nan, "cannot be converted to uint64 without overflow"),
    (th.bfloat16, 1e39, "cannot be converted to bfloat16 without overflow"),
    (th.complex64, 1e39 + 1j, r"\(9.9+\d*e\+38\+1j\) cannot be converted to complex64 without"),
    (th.complex64, complex(1, 1e39), "cannot be converted to complex64 without overflow"),
    (th.float32, 1 + 2j, "cannot be converted to float32: its imaginary part is not 0"),
    (th.int8, complex(3, math.nan), "imaginary part is not 0"),
])
def test_values_a_dtype_cannot_hold_are_refused_everywhere(dtype, value, match):
    t = th.zeros(2, dtype=dtype)
    s = th.Storage(2, dtype=dtype)
    s.fill_(0)
    for write in (lambda: t.fill_(value), lambda: t.__setitem__(0, value),
                  lambda: t.__setitem__(slice(None), value), lambda: s.fill_(value),
                  lambda: s.__setitem__(1, value), lambda: th.tensor([value], dtype=dtype),
                  lambda: th.full((1,), value, dtype=dtype)):
        with pytest.raises(ValueError, match=match):
            write()
    assert t.tolist() == [0, 0] and s.tolist() == [0, 0]


def test_bad_inputs_to_the_new_dtypes():
    with pytest.raises(TypeError, match="complex"):
        float(th.tensor([1 + 1j]))
    with pytest.raises(TypeError, match="dtype must be a th.dtype"):
        th.zeros(2, dtype="complex32")
    with pytest.raises(TypeError, match="not complex"):
        th.arange(1j)


def test_repr_of_the_new_dtypes():
    assert repr(th.tensor([1 + 2j])) == "tensor([1.+2.j])"
    assert repr(th.tensor([1.5 - 1j, complex(math.nan, -0.0)], dtype=th.complex128)) == (
        "tensor([1.5000-1.j,    nan-0.j], dtype=th.complex128)")
    assert repr(th.tensor([1.0, 2.5], dtype=th.bfloat16)) == (
        "tensor([1.0000, 2.5000], dtype=th.bfloat16)")  # as torch prints it
    assert repr(th.tensor([2**64 - 1], dtype=th.uint64)) == (
        "tensor([18446744073709551615], dtype=th.uint64)")


# ---------------------------------------------------------- views and copies
@pytest.mark.parametrize("dtype", [th.complex128, th.complex64, th.uint16, th.uint64],
                         ids=lambda d: d.name)
def test_views_and_copies_of_the_new_dtypes_match_numpy(dtype):
    """16-byte complex128 included: tiled transposes, strided and broadcast
    copies, fills of a 16-byte pattern."""
    a = (np.arange(37 * 70) * (1 + 1j if dtype.is_complex else 1)).astype(
        NUMPY_DTYPES[dtype]).reshape(37, 70)
    t = th.from_numpy(a.copy())
    for view, ref in [(t.t(), a.T), (t[3:20:2, ::3], a[3:20:2, ::3]), (t[5], a[5]),
                      (t.narrow(1, 7, 20).t(), a[:, 7:27].T)]:
        assert view.tolist() == ref.tolist()
        c = view.contiguous()
        assert c.is_contiguous() and np.array_equal(np.asarray(c), ref)
        assert np.array_equal(np.asarray(view.clone()), ref)
    row = th.from_numpy(a[2].copy())
    dst = th.empty(37, 70, dtype=dtype).copy_(row)
    assert np.array_equal(np.asarray(dst), np.broadcast_to(a[2], (37, 70)))
    dst.t().copy_(t.t())
    assert np.array_equal(np.asarray(dst), a)
    big = th.empty(300, 300, dtype=dtype)
    big.copy_(th.from_numpy(np.arange(300 * 300).astype(NUMPY_DTYPES[dtype]).reshape(300, 300)).t())
    assert np.array_equal(np.asarray(big), np.arange(300 * 300).astype(NUMPY_DTYPES[dtype]).reshape(300, 300).T)


# ------------------------------------------------------------------ C API
def test_typed_access_and_packing_through_the_c_api():
    import ctypes

    lib = ctypes.PyDLL(th.__file__.replace("__init__.py", "libTH.so"))  # errors raise
    P = ctypes.c_void_p

    class ComplexFloat(ctypes.Structure):
        _fields_ = [("re", ctypes.c_float), ("im", ctypes.c_float)]

    class BFloat16(ctypes.Structure):
        _fields_ = [("x", ctypes.c_uint16)]

    from th import _testcapi as capi
    z = th.tensor([1 + 2j, 3 - 4j])
    get1d = lib.THComplex64Tensor_get1d
    get1d.restype, get1d.argtypes = ComplexFloat, [P, ctypes.c_int64]
    value = get1d(capi.tensor_address(z), 1)
    assert (value.re, value.im) == (3.0, -4.0)
    b = th.tensor([1.5, -2.0], dtype=th.bfloat16)
    bget = lib.THBFloat16Tensor_get1d
    bget.restype, bget.argtypes = BFloat16, [P, ctypes.c_int64]
    assert bget(capi.tensor_address(b), 1).x == 0xC000
    with pytest.raises(TypeError, match="tensor has dtype bfloat16, not complex64"):
        get1d(capi.tensor_address(b), 0)
    with pytest.raises(IndexError, match="index 2 out of range"):
        get1d(capi.tensor_address(z), 2)
    u = lib.THUInt64Tensor_data
    u.restype, u.argtypes = P, [P]
    w = th.tensor([2**64 - 1], dtype=th.uint64)
    assert u(capi.tensor_address(w)) == w.data_ptr()
    pack = lib.THScalarType_packComplex
    pack.restype, pack.argtypes = ctypes.c_int, [ctypes.c_int, ctypes.c_double, ctypes.c_double, P]
    out = (ctypes.c_double * 2)()
    assert pack(th.complex128.scalar_type, 1.5, -2.0, out) == 0 and list(out) == [1.5, -2.0]
    with pytest.raises(ValueError, match="THScalarType_packComplex: value.*imaginary"):
        pack(th.float64.scalar_type, 1.0, 1.0, out)
    packu = lib.THScalarType_packUInt64
    packu.restype, packu.argtypes = ctypes.c_int, [ctypes.c_int, ctypes.c_uint64, P]
    assert packu(th.uint64.scalar_type, 2**64 - 1, out) == 0
    assert bytes(out)[:8] == b"\xff" * 8
    with pytest.raises(ValueError, match="value 18446744073709551615 cannot be converted to int32"):
        packu(th.int32.scalar_type, 2**64 - 1, out)
    fill = lib.THTensor_fillElement
    fill.restype, fill.argtypes = ctypes.c_int, [P, P]
    before = z.refcount
    assert fill(capi.tensor_address(z), ctypes.cast(ctypes.byref(ComplexFloat(5, 6)), P)) == 0
    assert z.tolist() == [5 + 6j, 5 + 6j] and z.refcount == before
    with pytest.raises(ValueError, match="element is NULL"):
        fill(capi.tensor_address(z), None)
    is_complex = lib.THScalarType_isComplex
    assert [is_complex(d.scalar_type) for d in EVERY_DTYPE] == [int(d.is_complex) for d in EVERY_DTYPE]
    to_bf = lib.THFloat_toBFloat16
    to_bf.restype, to_bf.argtypes = BFloat16, [ctypes.c_float]
    back = lib.THBFloat16_toFloat
    back.restype, back.argtypes = ctypes.c_float, [BFloat16]
    assert to_bf(1.00390625).x == 0x3F80 and back(BFloat16(0x3F81)) == 1.0078125
    assert struct.pack("<H", to_bf(-1.0).x) == b"\x80\xbf"


def test_every_float16_to_float32_contiguous_and_strided():
    """All 65536 float16 values: the contiguous conversion (F16C, 8 at a
    time, where the CPU has it) gives the strided (scalar) loop's bits, and
    numpy's for every value that is not a NaN."""
    every = np.arange(2**16, dtype=np.int32).astype(np.uint16).view(np.float16)
    contiguous = th.from_numpy(every).float().numpy().view(np.uint32)
    doubled = th.from_numpy(np.repeat(every, 2))[::2]  # stride 2: the scalar loop
    strided = doubled.float().numpy().view(np.uint32)
    np.testing.assert_array_equal(contiguous, strided)
    finite = ~np.isnan(every)
    np.testing.assert_array_equal(contiguous[finite],
                                  every[finite].astype(np.float32).view(np.uint32))

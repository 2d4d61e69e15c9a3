"""The buffer formats th reads (th.from_numpy, th.asarray): every struct
code th has a dtype for, with each byte-order prefix, read as numpy and
torch read them; the byte-swapped and unknown ones refused with th's
messages."""
import re
import warnings

import numpy as np
import pytest

import th

from helpers import NUMPY_DTYPES

torch = pytest.importorskip("torch")

NO_DTYPE = (r"has no th dtype \(th has bool, int8-64, uint8-64, float16, bfloat16, float32, "
            r"float64, complex64, complex128\)")


def address(a):
    return a.__array_interface__["data"][0]


def th_dtype_of(np_dtype):
    """th's dtype for a numpy dtype of any byte order, or None."""
    native = np_dtype.newbyteorder("=")
    for t, n in NUMPY_DTYPES.items():
        if np.dtype(n) == native:
            return t
    return None


def numpy_dtypes():
    """Every numpy dtype character with every byte-order prefix numpy takes."""
    out = []
    for code in np.typecodes["All"]:
        for order in ("", "<", ">", "=", "|"):
            try:
                dt = np.dtype(order + code)
            except TypeError:
                continue
            if dt.kind not in "SUV" and dt.itemsize:  # (flexible dtypes: below)
                out.append(order + code)
    return out


@pytest.mark.parametrize("code", numpy_dtypes())
def test_from_numpy_reads_every_numpy_dtype_as_torch(code):
    a = np.arange(6).astype(code).reshape(2, 3) if np.dtype(code).kind not in "OMm" else \
        np.zeros((2, 3), code)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = torch.from_numpy(a)
        refused = None
    except (TypeError, ValueError) as e:
        expected, refused = None, e
    want = th_dtype_of(a.dtype)
    if expected is not None:  # torch views it: th too, as the same dtype
        t = th.from_numpy(a)
        assert str(t.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1]
        assert t.dtype is want and t.data_ptr() == address(a) == expected.data_ptr()
        assert t.tolist() == expected.tolist() == a.tolist()
        assert t.stride() == expected.stride()
    elif a.dtype.isnative and want is not None:  # numpy's ulonglong: torch has no view of it
        assert "ulonglong" in str(refused) and want is th.uint64
        t = th.from_numpy(a)
        assert t.dtype is th.uint64 and t.data_ptr() == address(a) and t.tolist() == a.tolist()
    elif want is not None:  # byte-swapped: both refuse it, th naming the copy
        assert "byte order" in str(refused) or "ulonglong" in str(refused)
        fmt = memoryview(a).format
        with pytest.raises(ValueError, match=rf"^from_numpy: byte-swapped data \(format "
                                             rf"'{fmt}'\) cannot be viewed; copy it instead "
                                             rf"\(th\.asarray does\)$"):
            th.from_numpy(a)
        c = th.asarray(a)
        assert c.dtype is want and c.tolist() == a.tolist() and c.data_ptr() != address(a)
    else:  # a dtype th has not
        assert isinstance(refused, TypeError) and "can't convert" in str(refused)
        if a.dtype.kind in "Mm":  # numpy has no buffer format for them
            with pytest.raises(ValueError, match="cannot include dtype"):
                th.from_numpy(a)
        elif not a.dtype.isnative:  # numpy's long doubles: native order only
            with pytest.raises(ValueError, match="native-only"):
                th.from_numpy(a)
        else:
            fmt = memoryview(a).format
            with pytest.raises(TypeError, match=rf"^buffer format '{fmt}' "
                                                rf"\({a.dtype.itemsize} bytes\) {NO_DTYPE}$"):
                th.from_numpy(a)


@pytest.mark.parametrize("dtype", ["S3", "U2", "V4", [("x", "<i4"), ("y", "<f4")]])
def test_from_numpy_refuses_flexible_and_structured_dtypes_as_torch(dtype):
    a = np.zeros(3, dtype)
    with pytest.raises(TypeError):
        torch.from_numpy(a)
    fmt = memoryview(a).format  # several characters: no th dtype, whatever the size
    with pytest.raises(TypeError, match=rf"^buffer format '{re.escape(fmt)}' has no th dtype$"):
        th.from_numpy(a)


def struct_formats():
    """Struct codes th has, alone and after each byte-order prefix ('n'/'N'
    exist only in native mode; '<l' is 4 bytes where '@l' is 8 on LP64)."""
    out = []
    for code in "?efdbBhHiIlLqQnN":
        for order in ("", "@", "=", "<", ">", "!"):
            if code in "nN" and order not in ("", "@"):
                continue
            out.append(order + code)
    return out


@pytest.mark.parametrize("fmt", struct_formats())
def test_asarray_reads_every_struct_format_as_numpy(fmt):
    """Any exporter's format (CPython's _testbuffer exports any struct
    format): numpy's reading of it is the oracle."""
    tb = pytest.importorskip("_testbuffer")
    items = [True, False, True, True] if fmt[-1] == "?" else [1, 2, 3, 100]
    x = tb.ndarray(items, shape=[2, 2], format=fmt, flags=tb.ND_WRITABLE)
    a = np.asarray(x)  # numpy's own view of x's memory
    want = th_dtype_of(a.dtype)
    assert want is not None
    t = th.asarray(x)
    assert t.dtype is want and t.tolist() == a.tolist() == [items[:2], items[2:]]
    if a.dtype.isnative or a.dtype.itemsize == 1:  # shared
        assert t.data_ptr() == address(a)
        assert th.asarray(x, copy=False).data_ptr() == address(a)
        if want is not th.bool:
            t[0, 0] = 42
            assert a[0, 0] == 42
    else:  # the other byte order: copied, refused without a copy
        assert t.data_ptr() != address(a) and t.is_contiguous()
        with pytest.raises(ValueError, match=rf"^asarray: byte-swapped data \(format "
                                             rf"'{fmt}'\) cannot be viewed"):
            th.asarray(x, copy=False)


@pytest.mark.parametrize("fmt, items, message", [
    ("c", [b"a", b"b"], rf"^buffer format 'c' \(1 bytes\) {NO_DTYPE}$"),
    ("<c", [b"a", b"b"], rf"^buffer format '<c' \(1 bytes\) {NO_DTYPE}$"),
    ("P", [1, 2], rf"^buffer format 'P' \(8 bytes\) {NO_DTYPE}$"),
    ("3s", [b"abc", b"def"], r"^buffer format '3s' has no th dtype$"),
    ("=2h", [(1, 2), (3, 4)], r"^buffer format '=2h' has no th dtype$"),
])
def test_asarray_refuses_struct_formats_it_has_no_dtype_for(fmt, items, message):
    tb = pytest.importorskip("_testbuffer")
    if fmt == "P" and np.dtype(np.intp).itemsize != 8:
        pytest.skip("a 64-bit platform's pointer size")
    x = tb.ndarray(items, shape=[2], format=fmt, flags=tb.ND_WRITABLE)
    for copy in (None, False, True):
        with pytest.raises(TypeError, match=message):
            th.asarray(x, copy=copy)


@pytest.mark.parametrize("np_dtype, th_dtype", [("c8", th.complex64), ("c16", th.complex128)])
def test_complex_formats_with_their_prefixes(np_dtype, th_dtype):
    values = np.array([1 + 2j, -3.5 + 0.25j, 7j], np_dtype)
    a = values.copy()
    assert memoryview(a).format in ("Zf", "Zd")
    t = th.from_numpy(a)
    assert t.dtype is th_dtype and t.data_ptr() == address(a)
    assert t.tolist() == torch.from_numpy(a).tolist() == a.tolist()
    swapped = values.astype(">" + np_dtype)  # '>Zf': both halves swapped
    fmt = memoryview(swapped).format
    assert fmt in (">Zf", ">Zd")
    with pytest.raises(ValueError, match=rf"byte-swapped data \(format '{fmt}'\)"):
        th.from_numpy(swapped)
    with pytest.raises(ValueError, match="byte order"):
        torch.from_numpy(swapped)
    c = th.asarray(swapped)
    assert c.dtype is th_dtype and c.tolist() == a.tolist()
    raw = np.zeros(values.nbytes + 1, np.uint8)  # '=Zf': unaligned, standard sizes
    unaligned = raw[1:].view(np_dtype)
    unaligned[:] = values
    if memoryview(unaligned).format[0] == "=":
        with pytest.raises(ValueError, match="not aligned"):
            th.from_numpy(unaligned)
        c = th.asarray(unaligned)  # copied, read as complex
        assert c.dtype is th_dtype and c.tolist() == a.tolist()


def test_complex_long_double_is_refused_naming_its_size():
    a = np.zeros(2, np.clongdouble)
    if a.dtype.itemsize == np.dtype(np.complex128).itemsize:
        pytest.skip("long double is double here")
    with pytest.raises(TypeError, match=rf"^buffer format 'Zg' \({a.dtype.itemsize} bytes\) "
                                        rf"{NO_DTYPE}$"):
        th.from_numpy(a)
    with pytest.raises(TypeError, match="can't convert"):
        torch.from_numpy(a)


def test_from_numpy_refuses_what_is_not_an_ndarray_before_and_after_seeing_one():
    tb = pytest.importorskip("_testbuffer")
    for obj in (memoryview(b"ab"), bytearray(2), tb.ndarray([1, 2], shape=[2], format="h")):
        with pytest.raises(TypeError, match=rf"^from_numpy: expected a numpy\.ndarray, "
                                            rf"got {type(obj).__name__}$"):
            th.from_numpy(obj)
        assert th.from_numpy(np.zeros(1)).dtype is th.float64
    sub = np.arange(4.0).view(np.recarray)  # a subclass is an ndarray
    assert th.from_numpy(sub).data_ptr() == address(sub)


def test_from_numpy_of_a_non_writeable_ml_dtypes_bfloat16_array():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = np.array([1.5, -2.0, 3.0], dtype=ml_dtypes.bfloat16)
    a.flags.writeable = False  # both exports refused (no format), then read as uint16
    t = th.from_numpy(a)
    assert t.dtype is th.bfloat16 and t.is_readonly() and t.data_ptr() == address(a)
    assert t.tolist() == a.astype(np.float32).tolist() == [1.5, -2.0, 3.0]

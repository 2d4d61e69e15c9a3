"""torch's dtype utilities against torch 2.13: th.finfo, th.iinfo (every
attribute, repr, errors), th.promote_types, th.result_type (tensors of every
rank and Python numbers), th.can_cast, th.is_floating_point, th.is_complex
(top level and methods), the constants th.pi/e/inf/nan, and numpy's dtypes
where th takes a dtype (th's extension: torch takes none)."""
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")

ALL = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.uint16, th.uint32, th.uint64,
       th.float16, th.bfloat16, th.float32, th.float64, th.complex64, th.complex128]
FLOATS = [th.float16, th.bfloat16, th.float32, th.float64, th.complex64, th.complex128]
INTS = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.uint16, th.uint32, th.uint64]
# torch has no promotion rule for the wide unsigned dtypes with other kinds
TORCH_PROMOTES = [d for d in ALL if d not in (th.uint16, th.uint32, th.uint64)]


def tdt(d):
    return getattr(torch, d.name)


# ------------------------------------------------------------ finfo / iinfo
@pytest.mark.parametrize("d", FLOATS, ids=str)
def test_finfo_matches_torch(d):
    f, g = th.finfo(d), torch.finfo(tdt(d))
    for name in ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype"):
        assert getattr(f, name) == getattr(g, name), name
        assert type(getattr(f, name)) is type(getattr(g, name)), name
    assert repr(f) == repr(g)
    assert f == th.finfo(d)


def test_finfo_default_follows_the_default_dtype():
    assert th.finfo() == th.finfo(th.float32)
    th.set_default_dtype(th.float64)
    try:
        assert th.finfo().dtype == "float64" == torch.finfo(torch.float64).dtype
    finally:
        th.set_default_dtype(th.float32)


@pytest.mark.parametrize("d", INTS, ids=str)
def test_iinfo_matches_torch(d):
    i, g = th.iinfo(d), torch.iinfo(tdt(d))
    for name in ("bits", "min", "max", "dtype"):
        assert getattr(i, name) == getattr(g, name), name
        assert type(getattr(i, name)) is type(getattr(g, name)), name
    assert repr(i) == repr(g)


@pytest.mark.parametrize("fn,d", [("finfo", th.int32), ("finfo", th.bool), ("finfo", th.uint8),
                                  ("iinfo", th.float32), ("iinfo", th.bool),
                                  ("iinfo", th.complex64), ("iinfo", th.bfloat16)])
def test_info_refuses_the_other_kind(fn, d):
    with pytest.raises(TypeError) as ours:
        getattr(th, fn)(d)
    with pytest.raises(TypeError) as theirs:
        getattr(torch, fn)(tdt(d))
    assert str(ours.value).replace("th.", "torch.") == str(theirs.value)


@pytest.mark.parametrize("bad", [1, "float32", None, 1.5])
def test_info_refuses_non_dtypes(bad):
    for fn in (th.finfo, th.iinfo):
        with pytest.raises(TypeError, match="must be th.dtype"):
            fn(bad)


def test_info_take_numpy_dtypes():
    assert th.finfo(np.float16) == th.finfo(th.float16)
    assert th.iinfo(np.dtype("int16")).max == 32767


# ------------------------------------------------------------ promotion
@pytest.mark.parametrize("a", TORCH_PROMOTES, ids=str)
def test_promote_types_matches_torch(a):
    for b in TORCH_PROMOTES:
        assert th.promote_types(a, b).name == str(torch.promote_types(tdt(a), tdt(b))).split(".")[1]


def test_promote_types_errors():
    with pytest.raises(TypeError, match="argument 'type2' \\(position 2\\) must be th.dtype"):
        th.promote_types(th.float32, 1)
    with pytest.raises(TypeError, match="argument 'type1'"):
        th.promote_types("float32", th.float32)
    assert th.promote_types(np.int8, np.uint8) is th.int16


@pytest.mark.parametrize("a", ALL, ids=str)
def test_can_cast_matches_torch(a):
    for b in ALL:
        assert th.can_cast(a, b) == torch.can_cast(tdt(a), tdt(b)), (a, b)


def test_can_cast_errors():
    with pytest.raises(TypeError, match="argument 'from_' \\(position 1\\) must be th.dtype"):
        th.can_cast(1, th.int32)


NUMBERS = [True, 3, -2, 2.5, 1j]


def _operand(kind, d):
    """A th operand and torch's: a Python number, a 0-dim or a 2-dim tensor."""
    if kind == "number":
        return d, d
    shape = () if kind == "0-dim" else (2, 3)
    return th.zeros(shape, dtype=d), torch.zeros(shape, dtype=tdt(d))


@given(a_kind=st.sampled_from(["number", "0-dim", "dims"]),
       b_kind=st.sampled_from(["number", "0-dim", "dims"]),
       a_dtype=st.sampled_from(TORCH_PROMOTES), b_dtype=st.sampled_from(TORCH_PROMOTES),
       a_number=st.sampled_from(NUMBERS), b_number=st.sampled_from(NUMBERS),
       default=st.sampled_from([th.float32, th.float64]))
def test_result_type_matches_torch(a_kind, b_kind, a_dtype, b_dtype, a_number, b_number,
                                   default):
    a, ta = _operand(a_kind, a_number if a_kind == "number" else a_dtype)
    b, tb = _operand(b_kind, b_number if b_kind == "number" else b_dtype)
    th.set_default_dtype(default)
    torch.set_default_dtype(tdt(default))
    try:
        expected = str(torch.result_type(ta, tb)).split(".")[1]
        if expected == "complex32":  # float16 with a complex number: th has no complex32
            expected = "complex64"
        assert th.result_type(a, b).name == expected
    finally:
        th.set_default_dtype(th.float32)
        torch.set_default_dtype(torch.float32)


def test_result_type_of_tensors_that_do_not_broadcast():
    assert th.result_type(th.zeros(2, dtype=th.int8), th.zeros(3, 4, dtype=th.uint8)) is th.int16


def test_result_type_errors():
    with pytest.raises(TypeError, match="result_type"):
        th.result_type("a", 1)
    with pytest.raises(TypeError):
        th.result_type(th.zeros(1))
    with pytest.raises(TypeError):
        th.result_type(th.float32, th.zeros(1))


# ------------------------------------------------------------ predicates, constants
@pytest.mark.parametrize("d", ALL, ids=str)
def test_is_floating_point_and_is_complex(d):
    t, x = th.zeros(2, dtype=d), torch.zeros(2, dtype=tdt(d))
    assert th.is_floating_point(t) is t.is_floating_point() is torch.is_floating_point(x)
    assert th.is_complex(t) is t.is_complex() is torch.is_complex(x)


def test_predicates_refuse_non_tensors():
    for fn in (th.is_floating_point, th.is_complex):
        with pytest.raises(TypeError, match="must be Tensor, not list"):
            fn([1.0])


def test_constants():
    assert (th.pi, th.e, th.inf) == (torch.pi, torch.e, torch.inf) == (math.pi, math.e, math.inf)
    assert math.isnan(th.nan)


# ------------------------------------------------------------ numpy's dtypes
@pytest.mark.parametrize("d", [d for d in ALL if d is not th.bfloat16], ids=str)
def test_numpy_dtypes_are_accepted_wherever_a_dtype_is(d):
    np_dtype = np.dtype(d.name)
    for spelling in (np_dtype, np_dtype.type):
        assert th.zeros(2, dtype=spelling).dtype is d
        assert th.tensor([1], dtype=spelling).dtype is d
        assert th.ones(1).to(spelling).dtype is d
        assert th.full((1,), 1, dtype=spelling).dtype is d
    assert np.dtype(d) == np_dtype  # numpy reads th.dtype's dtype attribute
    assert th.zeros(2, dtype=d).numpy().dtype == np.dtype(d)


def test_bfloat16_through_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    assert np.dtype(th.bfloat16) == np.dtype(ml_dtypes.bfloat16)
    assert th.zeros(1, dtype=ml_dtypes.bfloat16).dtype is th.bfloat16


def test_python_number_types_as_torch_takes_them():
    for py, name in ((float, "float64"), (int, "int64"), (bool, "bool"), (complex, "complex128")):
        assert th.zeros(1, dtype=py).dtype.name == name == str(torch.zeros(1, dtype=py).dtype)[6:]


@pytest.mark.parametrize("bad", [np.float128 if hasattr(np, "float128") else np.object_,
                                 np.dtype("U3"), "f4", object])
def test_dtypes_th_has_not_are_refused(bad):
    with pytest.raises(TypeError, match="dtype must be a th.dtype"):
        th.zeros(1, dtype=bad)

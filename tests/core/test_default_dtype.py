"""th.set_default_dtype / th.get_default_dtype, honoured as torch 2.13
honours them: by every factory without dtype=, by th.tensor of Python
floats and complex numbers, by Python floats meeting integer tensors, by
integer operands of floating ops, and by printing (which dtype= repr
omits)."""
import pytest

import th

torch = pytest.importorskip("torch")


@pytest.fixture(params=["float64", "float16"])
def default(request):
    """th's and torch's default dtype set to one dtype for the test."""
    th.set_default_dtype(getattr(th, request.param))
    torch.set_default_dtype(getattr(torch, request.param))
    yield request.param
    th.set_default_dtype(th.float32)
    torch.set_default_dtype(torch.float32)


def name(x):
    return str(x.dtype).split(".")[-1]


CASES = {  # what each factory is called with, in th and torch alike
    "empty": lambda m: m.empty(2), "zeros": lambda m: m.zeros(2, 3), "ones": lambda m: m.ones(2),
    "full float": lambda m: m.full((2,), 1.5), "full int": lambda m: m.full((2,), 1),
    "arange float": lambda m: m.arange(0.0, 2), "arange int": lambda m: m.arange(3),
    "arange float step": lambda m: m.arange(0, 2, 0.5),
    "tensor floats": lambda m: m.tensor([1.0, 2]), "tensor float": lambda m: m.tensor(2.5),
    "tensor ints": lambda m: m.tensor([1, 2]), "tensor empty": lambda m: m.tensor([]),
    "tensor mixed": lambda m: m.tensor([[1, 2.5], [True, 0]]),
    "rand": lambda m: m.rand(2), "randn": lambda m: m.randn(2, 2), "eye": lambda m: m.eye(2),
    "linspace": lambda m: m.linspace(0, 1, 4), "logspace": lambda m: m.logspace(0, 1, 3),
    "Tensor": lambda m: m.Tensor(2, 3), "Tensor data": lambda m: m.Tensor([1, 2]),
    "asarray": lambda m: m.asarray([1.5]), "normal": lambda m: m.normal(0.0, 1.0, (2,)),
}


@pytest.mark.parametrize("case", CASES)
def test_factories_follow_the_default(default, case):
    assert name(CASES[case](th)) == name(CASES[case](torch))


def test_complex_numbers_take_the_default_complex():
    th.set_default_dtype(th.float64)
    torch.set_default_dtype(torch.float64)
    try:
        assert th.tensor([1j, 2]).dtype is th.complex128 and th.full((1,), 1j).dtype is th.complex128
        assert name(th.tensor([1.0]) * 1j) == name(torch.tensor([1.0]) * 1j) == "complex128"
    finally:
        th.set_default_dtype(th.float32)
        torch.set_default_dtype(torch.float32)
    assert th.tensor([1j]).dtype is th.complex64


OPS = {
    "int * float": lambda m: m.tensor([1, 2]) * 2.5, "int / int": lambda m: m.tensor([1]) / 2,
    "int sqrt": lambda m: m.sqrt(m.tensor([4])), "int exp": lambda m: m.tensor([1]).exp(),
    "float32 * float": lambda m: m.tensor([1.0], dtype=m.float32) * 2.5,
    "float16 + float": lambda m: m.tensor([1.0], dtype=m.float16) + 2.5,
    "bool * float": lambda m: m.tensor([True]) * 0.5, "int + int": lambda m: m.tensor([1]) + 1,
    "int 0-dim * float": lambda m: m.tensor(3) * 1.5,
}


@pytest.mark.parametrize("op", OPS)
def test_element_wise_promotion_follows_the_default(default, op):
    assert name(OPS[op](th)) == name(OPS[op](torch))


def test_values_under_float64_are_float64_values():
    th.set_default_dtype(th.float64)
    try:
        assert th.tensor([0.1]).item() == 0.1
        assert (th.tensor([1]) / 3).item() == 1 / 3
        assert th.arange(0, 1, 0.1).tolist() == torch.arange(0, 1, 0.1, dtype=torch.float64).tolist()
    finally:
        th.set_default_dtype(th.float32)


def test_get_and_set_match_torch():
    assert th.get_default_dtype() is th.float32
    assert str(torch.get_default_dtype()) == "torch.float32"
    import numpy as np
    th.set_default_dtype(np.float64)  # th's extension: numpy's dtypes are dtypes
    try:
        assert th.get_default_dtype() is th.float64
    finally:
        th.set_default_dtype(th.float32)


@pytest.mark.parametrize("bad", ["int32", "int64", "complex64", "bool", "uint8"])
def test_non_floats_are_refused_as_torch_refuses_them(bad):
    with pytest.raises(TypeError) as ours:
        th.set_default_dtype(getattr(th, bad))
    with pytest.raises(TypeError) as theirs:
        torch.set_default_dtype(getattr(torch, bad))
    assert str(ours.value) == str(theirs.value)
    assert th.get_default_dtype() is th.float32


def test_bfloat16_and_non_dtypes_are_refused():
    with pytest.raises(th.Error, match="complex"):
        th.set_default_dtype(th.bfloat16)
    assert th.get_default_dtype() is th.float32
    for bad in ("float64", 1, None):
        with pytest.raises(TypeError, match="must be th.dtype"):
            th.set_default_dtype(bad)


def test_printing_names_the_dtypes_that_are_not_the_default():
    tensors = [lambda m: m.tensor([1.5]), lambda m: m.tensor([1.5], dtype=m.float32),
               lambda m: m.tensor([1j]), lambda m: m.tensor([1j], dtype=m.complex64),
               lambda m: m.zeros(0), lambda m: m.zeros(0, dtype=m.float32),
               lambda m: m.zeros(2, 0, dtype=m.float64), lambda m: m.tensor([1])]
    for d in ("float64", "float32"):
        th.set_default_dtype(getattr(th, d))
        torch.set_default_dtype(getattr(torch, d))
        try:
            for make in tensors:
                assert repr(make(th)) == repr(make(torch)).replace("torch.", "th.")
        finally:
            th.set_default_dtype(th.float32)
            torch.set_default_dtype(torch.float32)


def test_the_c_api_refuses_what_python_refuses():
    """THScalarType_setDefaultFloat's own check (Python checks first)."""
    import ctypes
    import os
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    lib.THScalarType_setDefaultFloat.argtypes = [ctypes.c_int]
    lib.THScalarType_setDefaultFloat.restype = ctypes.c_int
    lib.THScalarType_defaultComplex.restype = ctypes.c_int
    with pytest.raises(TypeError, match="float16, float32 or float64, got int32"):
        lib.THScalarType_setDefaultFloat(th.int32.scalar_type)
    assert lib.THScalarType_defaultComplex() == th.complex64.scalar_type
    assert lib.THScalarType_setDefaultFloat(th.float64.scalar_type) == 0
    try:
        assert lib.THScalarType_defaultComplex() == th.complex128.scalar_type
        assert th.get_default_dtype() is th.float64
    finally:
        lib.THScalarType_setDefaultFloat(th.float32.scalar_type)

"""Element-wise math: th's eager operators and functions and its
lazy th.Expr, against numpy for values and torch for result dtypes (torch is
optional: those tests skip without it)."""
import math
import operator

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import th
from helpers import EVERY_DTYPE, NUMPY_DTYPES

pytest_plugins = ["pytester"]

INTEGRAL = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.uint16, th.uint32, th.uint64]
FLOATING = [th.float16, th.bfloat16, th.float32, th.float64]
COMPLEX = [th.complex64, th.complex128]


def kind(dtype):
    if dtype is th.bool:
        return 0
    if dtype in INTEGRAL:
        return 1
    return 2 if dtype in FLOATING else 3


def as_numpy(t):
    """t's values as numpy (bfloat16 as float32, which holds them exactly)."""
    if t.dtype is th.bfloat16:
        t = t.float()
    return np.array(t.tolist(), dtype=NUMPY_DTYPES[t.dtype]).reshape(t.shape)


def sample(dtype, shape, seed=0):
    """A tensor of dtype with values every dtype holds (0 .. 9, and negative
    ones for signed dtypes), in a layout that is not always contiguous."""
    rng = np.random.default_rng(seed)
    values = rng.integers(0 if dtype in (th.uint8, th.uint16, th.uint32, th.uint64) else -9, 10,
                          size=shape)
    if dtype is th.bool:
        values = values > 0
    return th.tensor(values.tolist(), dtype=dtype).reshape(shape)


def tolerance(dtype):
    return {th.float16: 1e-2, th.bfloat16: 2e-2, th.float32: 1e-5, th.complex64: 1e-5}.get(dtype, 1e-12)


def assert_values(result, expected, tol=None):
    """result is numpy's expected (floats within tol: by default the
    result dtype's precision)."""
    got = as_numpy(result)
    assert got.shape == tuple(expected.shape)
    if kind(result.dtype) >= 2:
        tol = tolerance(result.dtype) if tol is None else tol
        np.testing.assert_allclose(got, expected.astype(got.dtype), rtol=tol, atol=tol,
                                   equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected.astype(got.dtype))


# ---------------------------------------------------- eager operators
BINARY = {  # operator -> (th function name, numpy function)
    operator.add: ("add", np.add), operator.sub: ("sub", np.subtract),
    operator.mul: ("mul", np.multiply), operator.truediv: ("div", np.true_divide),
    operator.floordiv: ("floor_divide", np.floor_divide), operator.mod: ("remainder", np.mod),
    operator.eq: ("eq", np.equal), operator.ne: ("ne", np.not_equal),
    operator.lt: ("lt", np.less), operator.le: ("le", np.less_equal),
    operator.gt: ("gt", np.greater), operator.ge: ("ge", np.greater_equal),
    operator.and_: ("bitwise_and", np.bitwise_and), operator.or_: ("bitwise_or", np.bitwise_or),
    operator.xor: ("bitwise_xor", np.bitwise_xor),
}


@pytest.mark.parametrize("op", list(BINARY), ids=lambda op: op.__name__)
@pytest.mark.parametrize("dtype", [th.int32, th.float32, th.float64, th.int64])
def test_binary_operators_match_numpy(op, dtype):
    a = sample(dtype, (4, 3), seed=1)
    b = sample(dtype, (3,), seed=2)
    if op in (operator.floordiv, operator.mod) and dtype in INTEGRAL:
        b = th.where(b == 0, 1, b).to(dtype)  # integer division by zero: its own test
    if op in (operator.and_, operator.or_, operator.xor) and dtype not in INTEGRAL:
        with pytest.raises(TypeError, match=BINARY[op][0]):
            op(a, b)
        return
    r = op(a, b)
    expected = BINARY[op][1](as_numpy(a), as_numpy(b))
    assert r.shape == (4, 3) and isinstance(r, th.Tensor)
    assert_values(r, expected)
    if op not in (operator.truediv,) and kind(r.dtype) < 3:
        assert r.dtype is (th.bool if BINARY[op][0] in ("eq", "ne", "lt", "le", "gt", "ge")
                           else dtype)
    function = getattr(th, BINARY[op][0])
    assert_values(function(a, b), expected)
    assert_values(getattr(a, BINARY[op][0])(b), expected)


@pytest.mark.parametrize("number", [2, 2.5, True, -3])
def test_python_numbers_on_either_side(number):
    a = th.arange(1, 7, dtype=th.float32).view(2, 3)
    x = as_numpy(a)
    for op in (operator.add, operator.sub, operator.mul, operator.truediv, operator.pow):
        if op is operator.sub and number is True:  # torch refuses bool in sub
            with pytest.raises(RuntimeError, match="with a bool tensor is not supported"):
                op(a, number)
            continue
        assert_values(op(a, number), op(x, np.float32(number)))
        assert_values(op(number, a), op(np.float32(number), x))
    assert (a + number).dtype is th.float32  # weak: the tensor's dtype wins


def test_a_python_number_the_dtype_cannot_hold_wraps_as_torch():
    u = th.tensor([1, 250], dtype=th.uint8)
    assert (u + 300).tolist() == [45, 38] and (u + 300).dtype is th.uint8
    assert (th.tensor([1], dtype=th.int8) + 1000).tolist() == [-23]
    assert (th.lazy(u) * 256 + 1).eval().tolist() == [1, 1]


def test_unary_operators_and_functions():
    a = th.tensor([[-1.5, 0.0, 2.25]], dtype=th.float64)
    x = as_numpy(a)
    assert_values(-a, -x)
    assert_values(abs(a), np.abs(x))
    assert (+a) is a
    assert_values(~th.tensor([True, False]), np.array([False, True]))
    assert_values(~th.tensor([0, 5], dtype=th.int8), np.array([-1, -6], dtype=np.int8))
    positive = th.tensor([0.25, 1.0, 4.0])
    p = as_numpy(positive)
    for name, fn in [("sqrt", np.sqrt), ("exp", np.exp), ("log", np.log), ("log1p", np.log1p),
                     ("expm1", np.expm1), ("sin", np.sin), ("cos", np.cos), ("tanh", np.tanh),
                     ("floor", np.floor), ("ceil", np.ceil), ("trunc", np.trunc),
                     ("reciprocal", np.reciprocal), ("sign", np.sign), ("neg", np.negative),
                     ("abs", np.abs)]:
        assert_values(getattr(th, name)(positive), fn(p))
        assert_values(getattr(positive, name)(), fn(p))
    assert_values(th.rsqrt(positive), 1 / np.sqrt(p))
    assert_values(th.sigmoid(positive), 1 / (1 + np.exp(-p)))
    assert_values(th.round(th.tensor([0.5, 1.5, 2.5, -0.5])), np.array([0.0, 2.0, 2.0, -0.0]))


def test_integer_sqrt_is_a_float_result():
    r = th.sqrt(th.tensor([4, 9]))
    assert r.dtype is th.float32 and r.tolist() == [2.0, 3.0]


# -------------------------------------------------- torch's functions
def test_add_sub_alpha():
    a, b = th.tensor([1.0, 2.0]), th.tensor([10.0, 20.0])
    assert th.add(a, b, alpha=2).tolist() == [21.0, 42.0]
    assert th.sub(a, b, alpha=0.5).tolist() == [-4.0, -8.0]
    i = th.tensor([1, 2])
    assert th.add(i, i, alpha=3).tolist() == [4, 8]
    with pytest.raises(TypeError, match="alpha must not be a floating point"):
        th.add(i, i, alpha=2.5)



# alpha and value scale in the operands' promoted dtype, as torch computes them:
# (function, input, other(s), factor, expected values, expected dtype)
SCALED_MIXED = [
    (th.sub, th.tensor([0.5]), (th.tensor([100], dtype=th.int8),), 2, [-199.5], th.float32),
    (th.add, th.tensor([0.0]), (th.tensor([2 ** 30], dtype=th.int32),), 4, [2.0 ** 32],
     th.float32),
    (th.addcmul, th.tensor([0.0]), (th.tensor([2 ** 30], dtype=th.int32),
                                    th.tensor([1], dtype=th.int32)), 4, [2.0 ** 32], th.float32),
    (th.add, th.tensor([1], dtype=th.int8), (th.tensor([100], dtype=th.int8),), 3, [45], th.int8),
    (th.add, th.tensor([True, False]), (th.tensor([True, False]),), 2, [True, False], th.bool),
    (th.add, th.tensor([1.0]), (3,), 2, [7.0], th.float32),
    (th.add, th.tensor([1, 2], dtype=th.uint8), (th.tensor([1, 3], dtype=th.uint8),), -1,
     [0, 255], th.uint8),  # a negative factor wraps for unsigned dtypes, as torch
    (th.add, th.tensor([1, 2]), (th.tensor([1, 2]),), np.int64(3), [4, 8], th.int64),
    (th.addcmul, th.tensor([1.0, 2.0], dtype=th.float16),
     (th.tensor([1.0, 2.0], dtype=th.float16), th.tensor([1.0, 2.0], dtype=th.float16)), 1e5,
     [math.inf, math.inf], th.float16),  # value= of float16 scales in float32, as torch
    (th.addcdiv, th.tensor([1.0], dtype=th.float64), (th.tensor([3.0]), th.tensor([2.0])), 2,
     [4.0], th.float64),
]


@pytest.mark.parametrize("case", SCALED_MIXED, ids=lambda c: f"{c[0].__name__}-{c[5]}")
def test_alpha_and_value_scale_in_the_promoted_dtype(case):
    fn, input, others, factor, expected, dtype = case
    name = "alpha" if fn in (th.add, th.sub) else "value"
    r = fn(input, *others, **{name: factor})
    assert r.tolist() == expected and r.dtype is dtype
    lazy = fn(th.lazy(input), *others, **{name: factor}).eval()  # the same tree, lazily
    assert lazy.tolist() == expected
    torch = pytest.importorskip("torch")
    t = getattr(torch, fn.__name__)(torch.from_numpy(input.numpy()),
                                    *(torch.from_numpy(o.numpy()) if isinstance(o, th.Tensor)
                                      else o for o in others), **{name: factor})
    assert t.tolist() == expected and str(t.dtype).split(".")[1] == str(dtype).split(".")[1]


def test_a_factor_the_promoted_dtype_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="1000000000000 cannot be converted to int32"):
        th.add(th.tensor([1], dtype=th.int32), 5, alpha=10 ** 12)
    with pytest.raises(ValueError, match="-300 cannot be converted to uint8"):
        th.sub(th.tensor([1], dtype=th.uint8), th.tensor([1], dtype=th.uint8), alpha=-300)
    with pytest.raises(ValueError, match="100000 cannot be converted to float16"):
        th.add(th.ones(2, dtype=th.float16), th.ones(2, dtype=th.float16), alpha=1e5)
    i = th.tensor([1, 2])
    for factor in (np.float32(2.5), np.float16(2.0), th.tensor(2)):  # not a Python float
        with pytest.raises(TypeError, match="integral input tensors, argument alpha must not"):
            th.add(i, i, alpha=factor)
    with pytest.raises(TypeError, match="non-complex input tensors, argument value must not"):
        th.addcmul(th.ones(2), th.ones(2), th.ones(2), value=2 + 0j)
    out = th.tensor([1.0, 2.0])
    out.add_(th.tensor([100], dtype=th.int8), alpha=2)  # in place too
    assert out.tolist() == [201.0, 202.0]

@pytest.mark.parametrize("mode", [None, "trunc", "floor"])
@pytest.mark.parametrize("dtype", [th.int64, th.int8, th.float32])
def test_div_rounding_modes(mode, dtype):
    a = th.tensor([7, -7, 7, -7, 6, 0], dtype=dtype)
    b = th.tensor([2, 2, -2, -2, 3, 5], dtype=dtype)
    x, y = as_numpy(a).astype(np.float64), as_numpy(b).astype(np.float64)
    expected = {None: x / y, "trunc": np.trunc(x / y), "floor": np.floor(x / y)}[mode]
    r = th.div(a, b, rounding_mode=mode)
    assert r.tolist() == expected.tolist()
    assert r.dtype is (th.float32 if mode is None and dtype in INTEGRAL else dtype)
    with pytest.raises(ValueError, match="rounding_mode"):
        th.div(a, b, rounding_mode="up")


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "int64"])
@pytest.mark.parametrize("mode", ["trunc", "floor"])
def test_div_rounding_reads_the_divisor_in_the_computing_dtype_as_torch(dtype, mode):
    """A divisor torch converts first (a negative number for uint8 wraps: -2
    is 254; a wider 0-dim tensor narrows) has the converted sign: the
    quotient's sign, and so trunc's correction, follow it. Regression: th
    trunc-divided uint8 [3, 200] by -2 into [1, 1]; torch gives [0, 0]."""
    torch = pytest.importorskip("torch")
    values = [3, 200, 127, 0, 5] if dtype == "uint8" else [3, -7, 127, 0, -128]
    for other in (-2, 2, -3, 254, -256, ("t", 200), ("t", -300), ("t", 254)):
        results = []
        for lib in (th, torch):
            a = lib.tensor(values, dtype=getattr(lib, dtype))
            b = lib.tensor(other[1]) if isinstance(other, tuple) else other
            for call in (lambda: lib.div(a, b, rounding_mode=mode),
                         lambda: a.clone().div_(b, rounding_mode=mode)):
                try:
                    results.append(call().tolist())
                except RuntimeError as e:  # a divisor that converts to 0
                    results.append("ZeroDivisionError" in str(e))
        assert results[:2] == results[2:], (other, results)


def test_remainder_and_floor_divide_follow_python():
    a = th.tensor([5, -5, 5, -5])
    b = th.tensor([3, 3, -3, -3])
    assert (a % b).tolist() == [5 % 3, -5 % 3, 5 % -3, -5 % -3]
    assert (a // b).tolist() == [5 // 3, -5 // 3, 5 // -3, -5 // -3]
    f = th.tensor([5.5, -5.5])
    assert (f % 2).tolist() == [5.5 % 2, -5.5 % 2]


def test_integer_division_by_zero_raises():
    """torch's behaviour: ZeroDivisionError (a RuntimeError) for integer //
    and %; float division gives inf and nan."""
    a = th.tensor([1, 2])
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        a // 0
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        th.remainder(a, th.tensor([1, 0]))
    f = th.tensor([1.0, -1.0, 0.0]) / 0
    assert f.tolist()[:2] == [math.inf, -math.inf] and math.isnan(f.tolist()[2])
    assert (th.tensor([1, 2]) / 0).tolist() == [math.inf, math.inf]  # true division: floats


def test_pow_maximum_minimum_atan2():
    a = th.tensor([1.0, 2.0, float("nan")])
    b = th.tensor([3.0, 1.0, 0.0])
    assert_values(a ** 2, as_numpy(a) ** 2)
    assert_values(2 ** a, 2.0 ** as_numpy(a))
    assert_values(th.pow(a, b), np.power(as_numpy(a), as_numpy(b)))
    assert_values(th.maximum(a, b), np.maximum(as_numpy(a), as_numpy(b)))  # NaN propagates
    assert_values(th.minimum(a, b), np.minimum(as_numpy(a), as_numpy(b)))
    assert_values(th.atan2(a, b), np.arctan2(as_numpy(a), as_numpy(b)))


@pytest.mark.parametrize("self_dtype", ["bool", "int32", "float16", "bfloat16"])
@pytest.mark.parametrize("bound_dtype", ["int8", "int64", "float32", "float64"])
@pytest.mark.parametrize("form", ["min tensor", "max tensor", "in place", "numpy number"])
def test_clamp_of_a_number_and_a_0_dim_tensor_reads_the_tensor_as_a_number(self_dtype,
                                                                          bound_dtype, form):
    """torch's clamp has two signatures, bounds both tensors or both numbers:
    a number beside a 0-dim tensor takes the numbers', so the tensor's dtype
    does not promote the result (bfloat16 with a float32 0-dim bound stays
    bfloat16)."""
    torch = pytest.importorskip("torch")
    got = []
    for L in (th, torch):
        t = L.tensor([0.0, 1.5, 3.0, 7.0]).to(getattr(L, self_dtype))
        bound = L.tensor(2).to(getattr(L, bound_dtype))
        try:
            if form == "numpy number":  # a numpy scalar is a number too
                r = L.clamp(t, np.float32(1.5), bound)
            elif form == "min tensor":
                r = L.clamp(t, min=bound, max=5)
            elif form == "max tensor":
                r = L.clamp(t, min=1.0, max=bound)
            else:
                r = t.clamp_(bound, 5)
            got.append((str(r.dtype).split(".")[-1], r.tolist()))
        except RuntimeError as e:  # int32 clamped in place into bool: refused by both
            got.append(e)
    if isinstance(got[1], Exception):
        assert isinstance(got[0], type(got[1])), got
    else:
        assert got[0] == got[1]


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int32, th.int64, th.uint8])
def test_clamp_to_scalar_bounds_is_clamp_to_tensor_bounds(dtype):
    """Scalar bounds run a kernel with the bounds in registers; tensor bounds
    the general one: the same values, numpy's for finite bounds, NaN for a
    NaN anywhere (torch)."""
    floating = dtype in (th.float32, th.float64)
    values = [0, 1, 2, 5, 7, 9, 200] + ([float("nan"), float("inf"), -float("inf"), -0.0, -3.5]
                                        if floating else [])
    x = th.tensor(values * 7, dtype=dtype)  # vector lanes and a tail
    bounds = [(1, 7), (7, 1), (2, 2)] + ([(float("nan"), 7), (1, float("nan")), (-0.0, 0.0)]
                                         if floating else [])
    for lo, hi in bounds:
        scalar = th.clamp(x, lo, hi)
        tensor = th.clamp(x, th.full((1,), lo, dtype=dtype), th.full((1,), hi, dtype=dtype))
        expected = np.minimum(np.maximum(as_numpy(x), lo), hi).astype(as_numpy(x).dtype)
        np.testing.assert_array_equal(as_numpy(scalar), expected)
        np.testing.assert_array_equal(as_numpy(tensor), expected)


@pytest.mark.parametrize("dtype", EVERY_DTYPE)
def test_where_over_long_random_conditions_is_numpys(dtype):
    """The where kernel picks by the condition's byte (vectorised): numpy's
    np.where on every dtype, over a run with vector lanes and a tail."""
    rng = np.random.default_rng(5)
    cond = rng.random(1037) > 0.5
    x, y = sample(dtype, (1037,), seed=1), sample(dtype, (1037,), seed=2)
    got = th.where(th.from_numpy(cond), x, y)
    assert got.dtype is dtype
    np.testing.assert_array_equal(as_numpy(got), np.where(cond, as_numpy(x), as_numpy(y)))
    truthy = np.where(cond, 2, 0).astype(np.uint8).view(np.bool_)  # bytes other than 1
    np.testing.assert_array_equal(as_numpy(th.where(th.from_numpy(truthy), x, y)),
                                  np.where(cond, as_numpy(x), as_numpy(y)))


@pytest.mark.parametrize("dtype", [th.int8, th.int16, th.int32, th.int64, th.uint8, th.uint16,
                                   th.uint32, th.uint64])
def test_integer_floor_divide_and_remainder_are_pythons(dtype):
    """Python's // and % (numpy's): through float64 for the narrow types,
    idiv for the 64-bit ones and uint32; every sign, the extremes, a scalar
    on either side, in place; MIN // -1 wraps to MIN, as torch."""
    np_dtype = NUMPY_DTYPES[dtype]
    info = np.iinfo(np_dtype)
    rng = np.random.default_rng(8)
    x = rng.integers(info.min, info.max, 2003, dtype=np_dtype, endpoint=True)
    y = rng.integers(info.min, info.max, 2003, dtype=np_dtype, endpoint=True)
    small = np.array([0, 1, 2, 3, 7, info.max, info.min] + ([-1, -2, -7] if info.min else []),
                     dtype=np_dtype)
    x[:100] = np.resize(small, 100)
    y[:100] = np.resize(np.repeat(small, 10), 100)
    y[y == 0] = 1
    if info.min:
        x[100], y[100] = info.min, -1
    with np.errstate(all="ignore"):
        q, r = np.floor_divide(x, y), np.remainder(x, y)
    tx, ty = th.from_numpy(x), th.from_numpy(y)
    np.testing.assert_array_equal((tx // ty).numpy(), q)
    np.testing.assert_array_equal((tx % ty).numpy(), r)
    if info.min:
        assert (tx // ty).numpy()[100] == info.min and (tx % ty).numpy()[100] == 0
    for k in (7, 1, 100):
        np.testing.assert_array_equal((tx // k).numpy(), x // np_dtype(k))
        np.testing.assert_array_equal((tx % k).numpy(), x % np_dtype(k))
    nonzero = th.from_numpy(np.where(x == 0, np_dtype(1), x))
    np.testing.assert_array_equal((7 // nonzero).numpy(), np_dtype(7) // nonzero.numpy())
    inplace = th.from_numpy(x.copy())
    inplace //= ty
    np.testing.assert_array_equal(inplace.numpy(), q)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        tx // th.zeros(2003, dtype=dtype)


def test_where_clamp_addcmul_addcdiv():
    x = th.tensor([[-2.0, 0.5, 3.0]])
    cond = x > 0
    assert th.where(cond, x, 0.0).tolist() == [[0.0, 0.5, 3.0]]
    assert x.where(cond, -1).tolist() == [[-1.0, 0.5, 3.0]]
    assert th.clamp(x, -1, 1).tolist() == [[-1.0, 0.5, 1.0]]
    assert th.clamp(x, min=0).tolist() == [[0.0, 0.5, 3.0]]
    assert x.clamp(max=0).tolist() == [[-2.0, 0.0, 0.0]]
    assert th.clip(x, -1, 1).tolist() == [[-1.0, 0.5, 1.0]]
    nan = th.clamp(th.tensor([float("nan")]), 0, 1).tolist()[0]
    assert math.isnan(nan)
    with pytest.raises(ValueError, match="at least one of 'min' or 'max'"):
        th.clamp(x)
    with pytest.raises(TypeError, match="clamp"):
        th.clamp(th.tensor([1j]), 0, 1)  # ordering: no complex
    y, z = th.tensor([2.0]), th.tensor([4.0, 8.0, 16.0])
    assert th.addcmul(x, y, z, value=0.5).tolist() == [[2.0, 8.5, 19.0]]
    assert th.addcdiv(x, y, z, value=2).tolist() == [[-1.0, 1.0, 3.25]]
    with pytest.raises(TypeError, match="integer division with addcdiv"):
        th.addcdiv(x, th.tensor([1]), th.tensor([2]))
    # one integral operand divides in float, as torch
    assert th.addcdiv(x, th.tensor([3]), th.tensor([2.0])).tolist() == (as_numpy(x) + 1.5).tolist()
    t = x.clone()
    assert t.addcmul_(y, z) is t and t.tolist() == [[6.0, 16.5, 35.0]]


def test_logical_functions():
    a = th.tensor([0, 1, 2, 0])
    b = th.tensor([0.0, 0.0, 1.5, 3.0])
    assert th.logical_and(a, b).tolist() == [False, False, True, False]
    assert th.logical_or(a, b).tolist() == [False, True, True, True]
    assert th.logical_xor(a, b).tolist() == [False, True, False, True]
    assert th.logical_not(a).tolist() == [True, False, False, True]
    assert th.bitwise_not(th.tensor([True, False])).tolist() == [False, True]


@pytest.mark.filterwarnings("ignore:Casting complex values to real")  # torch's, for float_ &= c
def test_logical_ops_read_a_0_dim_operand_in_the_computing_dtype_as_torch():
    """torch converts each operand to the promoted dtype before taking its
    truth value: an int64 256 or -2**63 with int8 is 0 (False), a float32
    1e-8 with float16 too. Regression: th tested the original value."""
    torch = pytest.importorskip("torch")
    cases = [("int8", [4, 0], "int64", 256), ("int8", [0, 3], "int64", -2 ** 63),
             ("uint8", [1, 0], "int64", -256), ("float16", [1.0, 0.0], "float32", 1e-8),
             ("float32", [1.0, 0.0], "float64", 1e-50), ("int8", [1, 0], "float32", 0.25),
             ("bool", [True, False], "int64", 256), ("float32", [1.0, 0.0], "complex128", 1e-50)]
    for dtype, values, other_dtype, other in cases:
        for name in ("logical_and", "logical_or", "logical_xor"):
            got, want = [], []
            for lib, into in ((th, got), (torch, want)):
                a = lib.tensor(values, dtype=getattr(lib, dtype))
                b = lib.tensor(other, dtype=getattr(lib, other_dtype))
                f = getattr(lib, name)
                into += [f(a, b).tolist(), f(b, a).tolist(), f(a[0], b).tolist()]
                into.append(f(a, b, out=lib.empty(2, dtype=lib.bool)).tolist())
                into.append(getattr(a.clone(), name + "_")(b).tolist())
            assert got == want, (dtype, values, other_dtype, other, name)
    # a Python number (which torch's logical ops refuse) is read as torch reads
    # one in arithmetic: converted to the computing dtype, 256 is 0 for int8
    assert th.logical_and(th.tensor([4], dtype=th.int8), 256).tolist() == [False]
    assert th.logical_or(th.tensor([0.0], dtype=th.float16), 1e-8).tolist() == [False]


# ------------------------------------------------- out= and in place
def test_out_is_written_and_returned():
    a, b = th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0])
    out = th.empty(2, dtype=th.float64)
    assert th.add(a, b, out=out) is out and out.tolist() == [4.0, 6.0]
    empty = th.empty(0)
    assert th.mul(a.view(2, 1), b, out=empty) is empty and empty.shape == (2, 2)  # resized
    with pytest.raises(ValueError, match=r"out has shape \[3\], the result \[2\]"):
        th.add(a, b, out=th.empty(3))
    with pytest.raises(TypeError, match="result type float32 can't be cast to the desired "
                                        "output type int64"):
        th.add(a, b, out=th.empty(2, dtype=th.int64))
    # out= may be an operand: identical views are read before written
    assert th.exp(a, out=a) is a and a.tolist() == pytest.approx([math.e, math.e ** 2])


def test_inplace_operators_keep_the_tensor():
    a = th.arange(6, dtype=th.float32).view(2, 3)
    ptr = a.data_ptr()
    a += th.tensor([1.0, 2.0, 3.0])
    a -= 1
    a *= 2
    a /= 4
    a **= 2
    a //= 1
    a %= 5
    assert a.data_ptr() == ptr and a.shape == (2, 3)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = ((((x + [1, 2, 3]) - 1) * 2 / 4) ** 2 // 1) % 5
    assert_values(a, x)
    m = th.tensor([0b1100], dtype=th.uint8)
    m &= 0b1010
    m |= 0b0001
    m ^= 0b1111
    assert m.tolist() == [0b1111 ^ (0b1000 | 0b0001)]


INPLACE_BINARY = ["add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "atan2", "eq",
                  "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
                  "bitwise_and", "bitwise_or", "bitwise_xor"]
INPLACE_UNARY = ["neg", "abs", "sign", "sqrt", "rsqrt", "exp", "log", "log1p", "expm1", "sin",
                 "cos", "tanh", "sigmoid", "floor", "ceil", "round", "trunc", "reciprocal",
                 "logical_not", "bitwise_not"]


@pytest.mark.parametrize("dtype", ["float32", "int32", "bool"])
@pytest.mark.parametrize("name", INPLACE_BINARY + INPLACE_UNARY + ["clamp", "clip"])
def test_every_inplace_method_is_torchs(name, dtype):
    # t.f_(...) writes f(t, ...) into t, keeping t's dtype, or refuses as torch
    torch = pytest.importorskip("torch")
    x = np.array([[3, 0, 1], [2, 5, 1]]).astype(dtype)
    y = np.array([2, 1, 4]).astype(dtype)
    args = (((th.from_numpy(y.copy()),), (torch.from_numpy(y.copy()),)) if name in INPLACE_BINARY
            else ((1, 3), (1, 3)) if name in ("clamp", "clip") else ((), ()))
    t, u = th.from_numpy(x.copy()), torch.from_numpy(x.copy())
    try:
        want = getattr(u, name + "_")(*args[1])
    except (RuntimeError, TypeError, NotImplementedError):
        with pytest.raises((RuntimeError, TypeError, ValueError)):
            getattr(t, name + "_")(*args[0])
        return
    got = getattr(t, name + "_")(*args[0])
    assert got is t and t.dtype.name == dtype
    np.testing.assert_allclose(t.numpy(), want.numpy(), rtol=1e-6)


def test_lossy_inplace_casts_are_refused():
    """torch refuses int_tensor += 0.5: the result's dtype must be castable
    to the destination's."""
    i = th.tensor([1, 2])
    for op in ("__iadd__", "__isub__", "__imul__", "__itruediv__", "__ifloordiv__", "__ipow__"):
        with pytest.raises(TypeError, match="float32|cast"):
            getattr(i, op)(0.5)
    with pytest.raises(TypeError):
        i /= 2  # true division: a float result
    with pytest.raises(TypeError):
        i.add_(th.tensor([1j, 2j]))
    b = th.tensor([True])
    with pytest.raises(TypeError):
        b += 1
    assert i.tolist() == [1, 2] and b.tolist() == [True]


def test_inplace_shape_is_fixed():
    a = th.zeros(3)
    with pytest.raises(RuntimeError, match=r"output with shape \[3\] doesn't match the "
                       r"broadcast shape \[2, 3\]"):
        a += th.zeros(2, 3)  # would broadcast a: refused, as torch
    with pytest.raises(RuntimeError, match=r"size of tensor a \(3\) must match the size of "
                       r"tensor b \(4\) at non-singleton dimension 0"):
        a += th.zeros(4)
    assert a.shape == (3,)


def test_bad_shapes_and_operands():
    with pytest.raises(ValueError):
        th.zeros(2, 3) + th.zeros(4)
    with pytest.raises(TypeError, match="unsupported operand"):
        th.zeros(2) + [1, 2]
    with pytest.raises(TypeError, match="expected a th.Tensor, a th.Expr or a number, got list"):
        th.add(th.zeros(2), [1, 2])
    with pytest.raises(TypeError, match="got ndarray"):
        th.mul(th.zeros(2), np.zeros(2))
    t = th.ones(3)  # a ternary op with out=: not taken for a binary one
    with pytest.raises(TypeError, match="where.*got NoneType"):
        th.where(t > 0, t, None, out=th.empty(3))
    with pytest.raises(TypeError, match="bitwise_and"):
        th.zeros(2) & 1
    with pytest.raises(TypeError, match="lt"):
        th.zeros(2, dtype=th.complex64) < 1
    with pytest.raises(OverflowError, match="beyond int64's range"):
        th.zeros(2) + 2 ** 64
    lazy = th.lazy(th.zeros(2))  # the leaf made for the other operand is freed
    with pytest.raises(OverflowError, match="beyond int64's range"):
        lazy - 2 ** 64
    with pytest.raises(OverflowError, match="beyond int64's range"):
        2 ** 64 * lazy
    with pytest.raises(TypeError, match="unsupported operand"):
        lazy @ 2


# -------------------------------------------------- comparisons, identity
def test_comparisons_are_element_wise_and_tensors_stay_hashable():
    a = th.tensor([1, 2, 3])
    assert (a == 2).tolist() == [False, True, False] and (a == 2).dtype is th.bool
    assert (2 < a).tolist() == [False, False, True]
    assert (a != a).tolist() == [False] * 3
    assert (a == None) is False and (a != "x") is True  # noqa: E711 - no operand: identity
    assert hash(a) == hash(a) and len({a, a.view(3)}) == 2  # hashed by identity, as torch
    assert {a: 1}[a] == 1


def test_contains_equal_allclose_isclose():
    a = th.tensor([[1.0, 2.0], [3.0, float("nan")]])
    assert 2 in a and 2.0 in a and 5 not in a and th.tensor(3.0) in a
    assert float("nan") not in a
    with pytest.raises(TypeError, match="__contains__"):
        [1] in a
    assert th.equal(a[0], th.tensor([1.0, 2.0])) and not th.equal(a[0], a[1])
    assert not th.equal(a[0], a)  # shapes differ
    b = a + 1e-7
    assert th.isclose(a, b).tolist() == [[True, True], [True, False]]
    assert th.isclose(a, b, equal_nan=True).tolist() == [[True, True], [True, True]]
    assert not th.allclose(a, b) and th.allclose(a, b, equal_nan=True) and a.allclose(a, equal_nan=True)
    inf = th.tensor([math.inf, -math.inf, math.inf])
    assert th.isclose(inf, th.tensor([math.inf, -math.inf, 1e30])).tolist() == [True, True, False]
    with pytest.raises(TypeError, match="same dtype"):
        th.isclose(a, a.double())
    assert th.isclose(th.tensor([1, 5]), th.tensor([2, 5]), atol=1).tolist() == [True, True]
    assert th.allclose(th.empty(0), th.empty(0))


def test_isclose_edges_are_torchs():
    # no tolerance: equality, exact for integers float32 cannot hold
    big = th.tensor([2 ** 40, 5])
    assert th.isclose(big, big + th.tensor([1, 0]), rtol=0, atol=0).tolist() == [False, True]
    # an infinite gap is never within the bound (an infinite one), equal infinities are equal
    inf = math.inf
    a, b = th.tensor([inf, -inf, inf, 1.0, math.nan]), th.tensor([-inf, -inf, inf, inf, math.nan])
    assert th.isclose(a, b).tolist() == [False, True, True, False, False]
    assert not th.allclose(th.tensor([1.0]), th.tensor([inf]))
    torch = pytest.importorskip("torch")
    ta, tb = torch.from_numpy(a.numpy()), torch.from_numpy(b.numpy())
    assert torch.isclose(ta, tb).tolist() == th.isclose(a, b).tolist()


@pytest.mark.parametrize("dtype", [th.bool, th.uint8, th.int8, th.int64, th.float32])
@pytest.mark.parametrize("rtol, atol", [(0, 0), (0, 1), (0, 0.5), (1, 0), (0.5, 2), (1e-5, 1e-8)])
def test_isclose_of_exact_dtypes_measures_the_gap_in_float_as_torch(dtype, rtol, atol):
    # bools and integers: |a - b| in float (uint8 1 - 3 must not wrap to 254)
    x = np.array([0, 1, 5, 3, 1, 0, 100, 120], dtype=np.float64)
    y = np.array([0, 3, 3, 3, 0, 1, 1, 127], dtype=np.float64)
    if dtype is th.bool:
        x, y = x % 2, y % 2
    a, b = th.tensor(x).to(dtype), th.tensor(y).to(dtype)
    expected = np.abs(x - y) <= atol + rtol * np.abs(y)
    assert th.isclose(a, b, rtol=rtol, atol=atol).tolist() == expected.tolist()
    torch = pytest.importorskip("torch")
    want = torch.isclose(torch.from_numpy(a.numpy()), torch.from_numpy(b.numpy()), rtol=rtol,
                         atol=atol)
    assert want.tolist() == expected.tolist()


# ----------------------------------------------------- dtype conversions
@pytest.mark.parametrize("method, dtype", [("float", th.float32), ("double", th.float64),
                                           ("half", th.float16), ("bfloat16", th.bfloat16),
                                           ("int", th.int32), ("long", th.int64),
                                           ("bool", th.bool)])
def test_conversion_methods(method, dtype):
    a = th.tensor([[0.0, 1.5], [-2.0, 3.0]]).t()
    r = getattr(a, method)()
    assert r.dtype is dtype and r.shape == (2, 2)
    expected = np.array([[0.0, -2.0], [1.5, 3.0]]).astype(NUMPY_DTYPES.get(dtype, np.float32))
    assert_values(r, expected)
    same = r.to(dtype)
    assert same is r  # nothing to change: itself, as torch
    assert r.to(dtype, copy=True) is not r


def test_to_forms():
    a = th.tensor([1, 2])
    assert a.to(th.float64).dtype is th.float64
    assert a.to(th.zeros(1, dtype=th.int8)).dtype is th.int8
    assert a.to(dtype=th.float16).dtype is th.float16
    assert a.to("cpu") is a and a.to("cpu", th.float32).dtype is th.float32
    with pytest.raises(TypeError, match="two dtypes"):
        a.to(th.float32, dtype=th.float64)
    with pytest.raises(TypeError, match="dtype must be"):
        a.to(3.5)


# ----------------------------------------------- temporaries are reused
BIG = (256, 256)  # 256 KiB of float32: temporaries from this size on are reused


def test_a_temporary_takes_the_result():
    a = th.arange(BIG[0] * BIG[1], dtype=th.float32).view(BIG)
    b, c = a + 1, th.arange(BIG[1], dtype=th.float32)
    pointers = []

    def temporary():
        t = a * b
        pointers.append(t.data_ptr())
        return t  # the caller's expression holds it alone

    r = temporary() + c
    assert r.data_ptr() == pointers[0]
    assert_values(r, as_numpy(a) * as_numpy(b) + as_numpy(c))
    r = c - temporary()  # the right operand too
    assert r.data_ptr() == pointers[1]
    r = -temporary()
    assert r.data_ptr() == pointers[2]


@pytest.mark.parametrize("size", [4, BIG[0] * BIG[1]])
def test_tensors_held_by_a_numpy_object_array_are_never_overwritten(size):
    # numpy's object loops call the number protocol with the array's own
    # references (refcount 1, borrowed): no temporary, whatever the count says
    arr = np.empty(2, dtype=object)
    arr[0], arr[1] = th.full((size,), 1.0), th.full((size,), 2.0)
    ptrs = [t.data_ptr() for t in arr]
    for result in (arr * 5, -arr, arr + arr, abs(arr), 2 ** arr):
        assert [t.data_ptr() for t in result] != ptrs
        assert [t.data_ptr() for t in result][0] != ptrs[0]
    assert arr.sum().tolist()[:1] == [3.0]
    assert [t[:1].tolist() for t in arr] == [[1.0], [2.0]]
    assert [t.data_ptr() for t in arr] == ptrs


def test_an_operator_called_from_c_code_is_not_given_a_temporary():
    # operator.mul, map, functools.reduce: called from libpython's own C code,
    # which passes references it owns; numpy's ufunc machinery is another
    # extension between the interpreter and the operator
    import functools
    import operator
    x = th.full(BIG, 3.0)
    ptr = x.data_ptr()
    parts = [x, th.full(BIG, 2.0)]
    assert functools.reduce(operator.mul, parts)[0, 0].item() == 6.0
    assert list(map(operator.neg, parts))[0][0, 0].item() == -3.0
    holder = np.empty(1, dtype=object)
    holder[0] = x
    assert np.multiply(holder, 2)[0][0, 0].item() == 6.0
    assert x.data_ptr() == ptr and x[0, 0].item() == 3.0


def test_named_tensors_are_never_reused():
    a = th.arange(4, dtype=th.float32)
    x = a * 2
    ptr = x.data_ptr()
    y = x + 1
    assert y.data_ptr() != ptr and x.tolist() == [0.0, 2.0, 4.0, 6.0]
    view = a[1:]  # a view: its storage is a's
    z = view + 1
    assert z.data_ptr() != view.data_ptr()
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0]


def test_memory_th_did_not_allocate_is_never_reused(tmp_path):
    """th.from_numpy(x) is held by the expression alone, but its memory is
    x's: the result must not land in it (nor in a mapped file)."""
    x = np.arange(4, dtype=np.float32)
    for result in (th.from_numpy(x) * 2, th.from_numpy(x) ** 2, -th.from_numpy(x),
                   abs(th.from_numpy(x)), 1 + th.from_numpy(x)):
        assert result.data_ptr() != x.ctypes.data
    np.testing.assert_array_equal(x, [0, 1, 2, 3])
    path = str(tmp_path / "mapped.bin")
    th.arange(4, dtype=th.float32).numpy().tofile(path)
    mapped = th.Storage.from_file(path, shared=True, size=4, dtype=th.float32)
    r = th.empty(0).set_(mapped) + 1
    del mapped
    assert r.tolist() == [1.0, 2.0, 3.0, 4.0]
    assert np.fromfile(path, dtype=np.float32).tolist() == [0.0, 1.0, 2.0, 3.0]


def test_no_reuse_when_dtype_or_shape_differ():
    a = th.arange(4, dtype=th.int32)
    pointers = []

    def temporary():
        t = a * 2
        pointers.append(t.data_ptr())
        return t

    r = temporary() + 0.5  # float32 result: the int32 temporary cannot hold it
    assert r.dtype is th.float32 and r.data_ptr() != pointers[0]
    r = temporary() + th.zeros(2, 4, dtype=th.int32)  # broadcast to a larger shape
    assert r.shape == (2, 4) and r.data_ptr() != pointers[1]


def test_a_times_b_plus_c_allocates_once():
    """Counted in objects created (tracking serials: nodes, tensors and
    storages): a * b + c makes one tensor and storage fewer than the same
    work with a named intermediate."""
    a, b, c = th.ones(BIG), th.ones(BIG), th.ones(BIG[1])

    def created(work):
        work()  # warm: the first call imports th._expr
        with th.debug.tracking():
            before = th.debug.last_serial()
            work()
            return th.debug.last_serial() - before

    def named():
        x = a * b
        return x + c

    assert created(lambda: a * b + c) + 2 == created(named)
    assert (a * b + c).tolist()[0][0] == 2.0


# ------------------------------------------------------ lazy expressions
CHANGES = {  # name: what changes an operand of a built expression
    "set_ shorter": lambda a: a.set_(th.zeros(2)),
    "set_ longer": lambda a: a.set_(th.zeros(5000)),
    "resize_ smaller": lambda a: a.resize_(2),
    "resize_ to 2-d": lambda a: a.resize_(3, 1),
    "set_ another dtype": lambda a: a.set_(th.zeros(3, dtype=th.int64)),
}
EVALUATIONS = {  # name: an evaluation of e, whose shape is [3]
    "eval": lambda e, out: e.eval(),
    "out=": lambda e, out: th.eval(e, out=out),
    "+=": lambda e, out: operator.iadd(out, e),
    "out[...] =": lambda e, out: operator.setitem(out, Ellipsis, e),
}


@pytest.mark.parametrize("evaluate", EVALUATIONS.values(), ids=EVALUATIONS.keys())
@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_an_operand_that_changed_shape_or_dtype_is_refused(change, evaluate):
    a, b = th.ones(3), th.ones(3, 3)
    exprs = [th.lazy(a) * 1, th.lazy(b[0]) + a, th.where(th.lazy(a) > 0, a, 2.0)]
    change(a)
    out = th.full((3,), 7.0)
    for e in exprs:
        with pytest.raises(RuntimeError, match=r"a tensor of the expression changed since the "
                                               r"expression was built \(\[3\] float32, now "):
            evaluate(e, out)
    assert out.tolist() == [7.0] * 3


def test_a_dot_operand_that_changed_shape_is_refused():
    a = th.ones(3, 3)
    e = (th.lazy(a) @ th.ones(3, 3)) + 1
    a.resize_(2, 2)
    with pytest.raises(RuntimeError, match=r"changed since .* \(\[3, 3\] float32, now \[2, 2\]"):
        e.eval()
    a.resize_(3, 3)  # the same geometry again: evaluated as built
    assert e.eval().shape == (3, 3)


def test_lazy_expression_is_evaluated_when_assigned():
    a = th.zeros(4, 3)
    b = th.arange(12, dtype=th.float32).view(4, 3)
    c = th.tensor([1.0, 2.0, 3.0])
    e = th.lazy(b) * c + 2
    assert isinstance(e, th.Expr) and e.shape == (4, 3) and e.dtype is th.float32
    assert e.ndim == 2 and e.numel() == 12 and e.size() == (4, 3) and e.size(1) == 3
    assert repr(e) == ("Expr(add(mul(tensor[4, 3] float32, tensor[3] float32), 2), "
                       "shape=[4, 3], dtype=float32)")
    b += 1  # operands are read when the expression is evaluated, not before
    a += e
    expected = (np.arange(12, dtype=np.float32).reshape(4, 3) + 1) * [1, 2, 3] + 2
    assert_values(a, expected)
    out = th.empty(4, 3)
    out[...] = e
    assert_values(out, expected)
    out.zero_()
    out[1:3] = th.lazy(b[1:3]) * c + 2  # into a view
    assert_values(out[1:3], expected[1:3])
    assert out[0].tolist() == [0.0] * 3
    assert out.copy_(e) is out
    assert_values(out, expected)
    assert_values(th.eval(e), expected)
    assert_values(e.eval(), expected)
    target = th.empty(4, 3, dtype=th.float64)
    assert th.eval(e, out=target) is target
    assert_values(target, expected)


def test_lazy_functions_and_methods_build_expressions():
    x = th.tensor([0.5, -1.0])
    e = th.exp(th.lazy(x)) + th.maximum(th.lazy(x), 0)
    assert isinstance(e, th.Expr) and "exp(tensor[2] float32)" in repr(e)
    assert_values(e.eval(), np.exp(as_numpy(x)) + np.maximum(as_numpy(x), 0))
    assert isinstance(th.where(x > 0, th.lazy(x), 0), th.Expr)
    assert isinstance(x + th.lazy(x), th.Expr)  # a tensor operator given an Expr
    assert isinstance(x.lazy() == 1, th.Expr)
    assert (~(x.lazy() > 0)).eval().tolist() == [False, True]
    assert e.to(th.float64).dtype is th.float64
    assert th.lazy(2.5).dtype is th.float32 and th.lazy(e) is e
    assert th.add(x.lazy(), 1, out=th.empty(2)).tolist() == [1.5, 0.0]  # out=: evaluated


def test_expr_objects_hold_one_reference():
    x = th.ones(3)
    before = x.refcount
    e = th.lazy(x)
    assert x.refcount == before + 1 and e.refcount == 1
    bigger = e + 1
    assert e.refcount == 2  # the add node holds it too
    del e
    assert bigger.refcount == 1
    del bigger
    assert x.refcount == before
    with pytest.raises(TypeError, match="th.lazy"):
        th.Expr()
    with pytest.raises(TypeError, match="truth value"):
        bool(th.lazy(x) > 0)
    assert hash(th.lazy(x)) is not None


def test_expression_errors_free_everything():
    a = th.ones(2, 3)
    live = th.debug.live()
    with pytest.raises(ValueError):
        th.lazy(a) + th.ones(4)
    with pytest.raises(TypeError):
        th.lazy(a) & th.lazy(a)
    with pytest.raises(TypeError, match="got list"):
        th.where(a > 0, a, [1])
    with pytest.raises(RuntimeError, match="doesn't match the broadcast shape"):
        th.zeros(3)[...] = th.lazy(a) * 2  # (2, 3) does not fit in (3,)
    assert th.debug.live() == live


# ----------------------------------------------- overlap, NaN, inf, overflow
def test_overlapping_destination_is_buffered():
    a = th.arange(6, dtype=th.float32)
    x = as_numpy(a)
    a[1:] += a[:-1]  # reads elements this writes: the result is as if read first
    assert_values(a, np.concatenate([x[:1], x[1:] + x[:-1]]))
    m = th.arange(9, dtype=th.float64).view(3, 3)
    y = as_numpy(m)
    m[...] = th.lazy(m.t()) * 2  # transposed self
    assert_values(m, y.T * 2)


def test_nan_inf_and_integer_overflow():
    f = th.tensor([math.inf, -math.inf, math.nan, 1.0])
    assert_values(f * 0, as_numpy(f) * 0)
    assert_values(f - f, as_numpy(f) - as_numpy(f))
    assert (f == f).tolist() == [True, True, False, True]
    i8 = th.tensor([127, -128], dtype=th.int8)
    assert (i8 + th.tensor([1, -1], dtype=th.int8)).tolist() == [-128, 127]  # wraps, as torch
    u8 = th.tensor([250], dtype=th.uint8)
    assert (u8 * th.tensor([2], dtype=th.uint8)).tolist() == [244]


# --------------------------------------------- hypothesis: expression trees
LEAF_SHAPES = [(), (0,), (3,), (1, 3), (4, 1), (4, 3)]
# not exp nor sin: of a large subtree they magnify the rounding numpy's
# oracle does differently (in float32 for bfloat16, say)
TREE_UNARY = ["neg", "abs", "sqrt", "tanh"]
TREE_OPS = ["add", "sub", "mul", "div", "maximum", "minimum", "eq", "lt", "where"] + TREE_UNARY


def complex_sample(dtype, shape, seed):
    """sample(), with imaginary parts for complex dtypes."""
    t = sample(dtype, shape, seed)
    return t + sample(dtype, shape, seed + 1000) * 1j if dtype in COMPLEX else t


def leaf_tensor(draw, dtype, shape, seed):
    """A tensor of shape, maybe transposed or sliced out of a larger one."""
    layout = draw(st.sampled_from(["plain", "transposed", "sliced"]))
    if layout == "transposed" and len(shape) == 2:
        return complex_sample(dtype, shape[::-1], seed).t()
    if layout == "sliced" and shape and shape[-1] > 0:
        big = complex_sample(dtype, shape[:-1] + (shape[-1] * 2,), seed)
        return big[..., ::2]
    return complex_sample(dtype, shape, seed)


@st.composite
def trees(draw, depth=3):
    """(th operand, numpy oracle builder): a nested tuple tree of ops over
    leaves (tensors of any dtype and broadcastable shapes, weak numbers)."""
    if depth == 0 or draw(st.booleans()):
        if draw(st.integers(0, 4)) == 0:
            return ("number", draw(st.sampled_from([2, 3, 0.5, True])))
        dtype = draw(st.sampled_from(EVERY_DTYPE))
        shape = draw(st.sampled_from(LEAF_SHAPES))
        return ("tensor", leaf_tensor(draw, dtype, shape, draw(st.integers(0, 100))))
    op = draw(st.sampled_from(TREE_OPS))
    if op in TREE_UNARY:  # of a tensor: th.sqrt(2) is refused by torch, computed by th
        child = draw(trees(depth - 1))
        if "'tensor'" not in repr(child) and child[0] != "tensor":
            child = ("tensor", leaf_tensor(draw, draw(st.sampled_from(EVERY_DTYPE)),
                                           draw(st.sampled_from(LEAF_SHAPES)), 0))
        return (op, child)
    if op == "where":
        return (op, ("tensor", leaf_tensor(draw, th.bool, draw(st.sampled_from(LEAF_SHAPES)),
                                           draw(st.integers(0, 100)))),
                draw(trees(depth - 1)), draw(trees(depth - 1)))
    return (op, draw(trees(depth - 1)), draw(trees(depth - 1)))


def build(tree, lazy):
    """The tree as th operations (lazy: over th.lazy leaves)."""
    if tree[0] == "number":
        return tree[1]
    if tree[0] == "tensor":
        return th.lazy(tree[1]) if lazy else tree[1]
    return getattr(th, tree[0])(*[build(t, lazy) for t in tree[1:]])


NUMPY_OPS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide,
             "maximum": np.maximum, "minimum": np.minimum, "eq": np.equal, "lt": np.less,
             "neg": np.negative, "abs": np.abs, "sqrt": np.sqrt, "tanh": np.tanh,
             "where": lambda c, a, b: np.where(c, a, b)}
# the dtype numpy computes a node in: its operands' (comparisons: bool out)
BOOL_OUT = ("eq", "lt")


HALF = (th.float16, th.bfloat16)


def oracle(tree, fused=False):
    """numpy's value of tree and its dtype, each node computed in th's dtype
    for it (read from the lazy node: the promotion itself is checked against
    torch). fused: as a lazy tree evaluates, whose float16 and bfloat16 nodes
    compute in float32 and round only when stored (an operand of another
    dtype is still rounded to theirs)."""
    if tree[0] == "number":
        return np.asarray(tree[1]), None
    if tree[0] == "tensor":
        return as_numpy(tree[1]), tree[1].dtype
    node = build(tree, lazy=True)
    children = [oracle(t, fused) for t in tree[1:]]
    dtype = node.dtype

    def compute_in(value, child_dtype, target):
        """value (of child_dtype) as an operand computed in th dtype target."""
        value = np.asarray(value)
        if target not in HALF:
            return value.astype(NUMPY_DTYPES.get(target, np.float32))
        if not (fused and child_dtype in HALF):  # rounded to the half dtype
            value = (value.astype(np.float16) if target is th.float16
                     else round_to_bfloat16(value.astype(np.float32)))
        return value.astype(np.float32)

    if tree[0] == "where":
        args = [children[0][0]] + [compute_in(v, d, dtype) for v, d in children[1:]]
    elif tree[0] in BOOL_OUT:  # compared in the operands' promoted dtype
        common = th.add(*[build(t, lazy=True) for t in tree[1:]]).dtype
        args = [compute_in(v, d, common) for v, d in children]
    elif tree[0] == "abs" and dtype not in COMPLEX and children[0][0].dtype.kind == "c":
        args = [children[0][0]]  # |complex| is real: numpy's abs of the complex
    else:
        args = [compute_in(v, d, dtype) for v, d in children]
    with np.errstate(all="ignore"):
        value = np.asarray(NUMPY_OPS[tree[0]](*args))
    if dtype in HALF and fused:
        return value.astype(np.float32), dtype
    if dtype is th.bfloat16:
        return round_to_bfloat16(value.astype(np.float32)), dtype
    return value.astype(NUMPY_DTYPES.get(dtype, np.float32)), dtype


def round_to_bfloat16(x):
    """float32 values rounded to bfloat16's (to nearest, ties to even), as
    float32: numpy has no bfloat16, and a node of one rounds its result."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return np.where(np.isnan(x), x, bits.astype(np.uint32).view(np.float32))


def tree_tolerance(tree):
    """The tolerance of the least precise float dtype a node of tree computes
    in: a float32 quotient added into a float64 keeps float32's error."""
    if tree[0] == "number":
        return 0
    dtype = tree[1].dtype if tree[0] == "tensor" else build(tree, lazy=True).dtype
    own = tolerance(dtype) if kind(dtype) >= 2 else 0
    return max([own] + [tree_tolerance(t) for t in tree[1:]] if tree[0] != "tensor" else [own])


@settings(max_examples=150, deadline=None)
@given(trees())
def test_expression_trees_match_numpy_eager_and_lazy(tree):
    assume(tree[0] not in ("number", "tensor") and "'tensor'" in repr(tree[1:]))
    try:
        lazy = build(tree, lazy=True)
    except (TypeError, ValueError, RuntimeError) as e:  # an op a dtype refuses (neg of
        # bool, sub of bool, ...), shapes that do not broadcast: eager refuses it the same way
        with pytest.raises(type(e)):
            build(tree, lazy=False)
        return
    eager = build(tree, lazy=False)
    assert isinstance(lazy, th.Expr) and isinstance(eager, th.Tensor)
    assert eager.dtype is lazy.dtype and eager.shape == lazy.shape
    expected, _ = oracle(tree)
    fused = oracle(tree, fused=True)[0].astype(expected.dtype)  # the lazy tree's values
    # complex infinities: C99's Annex G (th) and numpy part ways (exp(inf - inf j))
    assume(lazy.dtype not in COMPLEX or np.all(np.isfinite(expected) & np.isfinite(fused)))
    tol = tree_tolerance(tree)
    assert_values(eager, expected, tol)
    assert_values(lazy.eval(), fused, tol)
    # savers: evaluated into a destination of the result's shape and dtype
    dst = th.zeros(*lazy.shape, dtype=lazy.dtype)
    dst[...] = lazy
    assert_values(dst, fused, tol)
    savers = {"+=": (operator.iadd, np.add), "-=": (operator.isub, np.subtract),
              "*=": (operator.imul, np.multiply), "/=": (operator.itruediv, np.true_divide)}
    for saver, (apply, np_op) in savers.items():
        dst = complex_sample(lazy.dtype, tuple(lazy.shape), seed=7)
        before = as_numpy(dst)
        refused = ((saver == "-=" and lazy.dtype is th.bool)  # torch: sub of bools
                   or (saver == "/=" and lazy.dtype in INTEGRAL + [th.bool]))  # a float result
        if refused:
            with pytest.raises(RuntimeError if saver == "-=" else TypeError):
                apply(dst, lazy)
            assert_values(dst, before)
            continue
        assert apply(dst, lazy) is dst
        if saver == "/=" and not np.all(np.isfinite(fused) & (np.abs(fused) >= 0.5)):
            # dividing by a small value magnifies how the divisor was rounded
            # (th: once, at the store; numpy's oracle: at every node); complex
            # / 0 or / inf: numpy and C99's Annex G disagree
            continue
        with np.errstate(all="ignore"):
            assert_values(dst, np_op(before, fused.astype(before.dtype)), tol)


# --------------------------------------------------- torch's result dtypes
SCALARS = {"bool": True, "int": 2, "float": 0.5, "complex": 1j}
TORCH_BINARY = ["add", "sub", "mul", "div", "maximum", "eq", "lt", "bitwise_and",
                "logical_and", "floor_divide", "remainder", "pow", "atan2"]
# torch's own dtypes with full CPU kernels (its uint16/32/64 lack many)
TORCH_DTYPES = [th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.bfloat16,
                th.float32, th.float64, th.bool, th.complex64, th.complex128]


def torch_tensor(torch, dtype, zero_dim):
    return torch.ones(() if zero_dim else (2,), dtype=getattr(torch, dtype.name))


def torch_refuses_or_lacks(torch, op, ta, tb):
    """torch's result dtype name, or None when torch refuses the operands (a
    type rule: th must refuse them too). A function that only takes tensors
    (torch.maximum(t, 2)) says nothing about types: assume() it away."""
    try:
        return str(getattr(torch, op)(ta, tb).dtype).replace("torch.", "")
    except TypeError as e:
        assume("must be Tensor" not in str(e))
        return None
    except (RuntimeError, NotImplementedError):
        return None


def involves(dtype_name, a_dtype, b):
    return a_dtype.name == dtype_name or getattr(b, "name", b) == dtype_name


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TORCH_BINARY), st.sampled_from(TORCH_DTYPES),
       st.one_of(st.sampled_from(TORCH_DTYPES), st.sampled_from(list(SCALARS))),
       st.booleans(), st.booleans())
def test_result_dtypes_match_torch(op, a_dtype, b, a_zero_dim, b_zero_dim):
    torch = pytest.importorskip("torch")
    # float16 with complex is complex32 in torch, a dtype th does not have (th: complex64)
    assume(not (involves("float16", a_dtype, b)
                and (involves("complex64", a_dtype, b) or involves("complex128", a_dtype, b)
                     or b == "complex")))
    ta = torch_tensor(torch, a_dtype, a_zero_dim)
    a = th.ones(*ta.shape, dtype=a_dtype)
    if isinstance(b, str):
        tb = b_ = SCALARS[b]
    else:
        tb = torch_tensor(torch, b, b_zero_dim)
        b_ = th.ones(*tb.shape, dtype=b)
    expected = torch_refuses_or_lacks(torch, op, ta, tb)
    if expected is None:
        # th: TypeError for a dtype an op does not take; sub's bool refusal
        # is torch's own RuntimeError, word for word
        with pytest.raises(RuntimeError if op == "sub" else TypeError):
            getattr(th, op)(th.lazy(a), b_)
    else:
        assert getattr(th, op)(th.lazy(a), b_).dtype.name == expected
        assert getattr(th, op)(a, b_).dtype.name == expected  # eager: the same


@pytest.mark.parametrize("dtype", [th.int64, th.uint8, th.int32, th.bool])
def test_integers_to_a_negative_int_scalar_power_are_refused_as_torch(dtype):
    base = th.tensor([2, 1], dtype=dtype)
    for power in (lambda: base ** -1, lambda: th.pow(base, -2), lambda: (th.lazy(base) ** -1).eval()):
        with pytest.raises(RuntimeError, match="Integers to negative integer powers are not allowed"):
            power()
    # a tensor of exponents is the integer power (0 for |base| > 1), a float one a float
    assert (base ** th.tensor([-1, -1])).tolist() == ([0, 1] if dtype is not th.bool else [1, 1])
    assert (base ** -1.0).tolist() == ([0.5, 1.0] if dtype is not th.bool else [1.0, 1.0])


def test_bool_sub_refused_and_bool_pow_bool():
    """torch's rules: a bool operand of sub is refused, bool ** bool is bool."""
    with pytest.raises(RuntimeError, match="with a bool tensor is not supported"):
        th.ones(2, dtype=th.uint8) - True
    with pytest.raises(RuntimeError, match="with two bool tensors is not supported"):
        th.ones(2, dtype=th.bool) - th.ones(2, dtype=th.bool)
    p = th.tensor([True, False]) ** False
    assert p.dtype is th.bool and p.tolist() == [True, True]
    assert (th.tensor([True, False]) ** True).tolist() == [True, False]
    with pytest.raises(TypeError, match="pow"):
        th.tensor([True]) ** th.tensor([True])


@pytest.mark.parametrize("dtype", TORCH_DTYPES)
@pytest.mark.parametrize("op", INPLACE_UNARY)
def test_unary_result_dtypes_match_torch(op, dtype):
    torch = pytest.importorskip("torch")
    try:
        expected = getattr(torch, op)(torch.ones(2, dtype=getattr(torch, dtype.name))).dtype
    except (RuntimeError, TypeError, NotImplementedError):
        with pytest.raises(TypeError):
            getattr(th, op)(th.lazy(th.ones(2, dtype=dtype)))
        return
    assert getattr(th, op)(th.lazy(th.ones(2, dtype=dtype))).dtype.name == \
        str(expected).replace("torch.", "")


TERNARY = {  # name: (th call, torch call) over x of a dtype and a float32 y
    "where": (lambda m, x, y: m.where(m.lazy(x) > 0, x, y), lambda m, x, y: m.where(x > 0, x, y)),
    "clamp": (lambda m, x, y: m.clamp(m.lazy(x), y, y * 5), lambda m, x, y: m.clamp(x, y, y * 5)),
    "clamp scalars": (lambda m, x, y: m.clamp(m.lazy(x), 1, 2.5), lambda m, x, y: m.clamp(x, 1, 2.5)),
    "addcmul": (lambda m, x, y: m.addcmul(m.lazy(x), x, y, value=2),
                lambda m, x, y: m.addcmul(x, x, y, value=2)),
    "addcdiv": (lambda m, x, y: m.addcdiv(m.lazy(y), y, x), lambda m, x, y: m.addcdiv(y, y, x)),
}


@pytest.mark.parametrize("dtype", TORCH_DTYPES)
@pytest.mark.parametrize("name", list(TERNARY))
def test_ternary_result_dtypes_match_torch(name, dtype):
    torch = pytest.importorskip("torch")
    ours, theirs = TERNARY[name]
    try:
        expected = theirs(torch, torch.ones(2, dtype=getattr(torch, dtype.name)),
                          torch.ones(2)).dtype
    except (RuntimeError, TypeError, NotImplementedError):
        with pytest.raises((TypeError, RuntimeError)):
            ours(th, th.ones(2, dtype=dtype), th.ones(2)).eval()
        return
    got = ours(th, th.ones(2, dtype=dtype), th.ones(2))
    assert isinstance(got, th.Expr) and got.dtype.name == str(expected).replace("torch.", "")


# every function with out=: the result written into out and returned, as without it
OUT_CALLS = {name: (lambda f, x, y, out: f(x, y, out=out)) for name in INPLACE_BINARY +
             ["maximum", "minimum"]}
OUT_CALLS.update({name: (lambda f, x, y, out: f(x, out=out)) for name in INPLACE_UNARY})
OUT_CALLS.update({
    "where": lambda f, x, y, out: f(x > 1, x, y, out=out),
    "clamp": lambda f, x, y, out: f(x, y, 3.5, out=out),
    "clip": lambda f, x, y, out: f(x, 1.5, None, out=out),
    "addcmul": lambda f, x, y, out: f(x, x, y, value=2, out=out),
    "addcdiv": lambda f, x, y, out: f(x, x, y, value=2, out=out),
})


@pytest.mark.parametrize("name", list(OUT_CALLS))
def test_every_function_writes_into_out(name):
    f = getattr(th, name)
    x, y = th.tensor([[1.0, 4.0, 2.5], [3.0, 0.5, 2.0]]), th.tensor([2.0, 1.0, 3.0])
    if name.startswith(("bitwise", "logical_not")) or name in ("floor_divide", "remainder"):
        x, y = x.int() + 1, y.int()
    expected = OUT_CALLS[name](f, x, y, None)
    out = th.full((2, 3), -7.0, dtype=expected.dtype)
    storage = out.data_ptr()
    assert OUT_CALLS[name](f, x, y, out) is out
    assert out.data_ptr() == storage and out.tolist() == expected.tolist()
    lazy = OUT_CALLS[name](f, th.lazy(x), y, th.full((2, 3), -7.0, dtype=expected.dtype))
    assert lazy.tolist() == expected.tolist()  # an Expr operand: evaluated into out too


LEAKY_EXPR = """
import th

KEEP = []

def test_leaks_an_expression():
    KEEP.append(th.lazy(th.ones(2)) + 1)
"""


def test_leak_plugin_reports_leaked_expression_nodes_with_their_sites(pytester, monkeypatch):
    """Expression nodes are th objects for the leak harness: the
    th.expr counter grows, and tracking names each node's creator and line."""
    from helpers import th_on_path
    from test_leak_plugin import run

    monkeypatch.setenv("PYTHONPATH", th_on_path()["PYTHONPATH"])  # the th under test
    result = run(pytester, LEAKY_EXPR, "--th-leaks", "--th-leaks-track")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*th leak check: this test left objects alive: *th.expr +3*",
        "*expr float32 [[]2[]] (refcount 1) created by THExpr_newTensor at test_sample.py:6",
        "*expr int64 [[]] (refcount 1) created by THExpr_newWeakInt64 at test_sample.py:6",
        "*expr float32 [[]2[]] (refcount 1) created by THExpr_newBinaryMove at test_sample.py:6",
    ])

"""TH v0.4's element-wise math (THFloatTensor_cadd, THLongTensor_ltValue,
THDoubleTensor_sigmoid, ...) through th.legacy.call, against numpy with TH's
rules: integers wrap (Python integers reduced to the type's width here), the
result is resized to the first input's shape, inputs of other shapes but as
many elements pair in row-major order, and what TH's C left undefined is a TH
error (integer division by zero, negative integer powers) or defined here
(INT_MIN / -1 wraps, a shift by the width or more gives 0).

Values not derivable from numpy were checked against TH v0.4 itself (the
oracle libTHref.so, not in CI): every function of this file on random 3x4
inputs of every type agreed exactly (floats: within 3e-7) except digamma and
trigamma, which th computes more accurately than TH's float series did.
"""
import ctypes
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
from legacy_capi import P, legacy_fn

TYPES = {
    "Float": (np.float32, th.float32, ctypes.c_float),
    "Double": (np.float64, th.float64, ctypes.c_double),
    "Byte": (np.uint8, th.uint8, ctypes.c_uint8),
    "Char": (np.int8, th.int8, ctypes.c_int8),
    "Short": (np.int16, th.int16, ctypes.c_int16),
    "Int": (np.int32, th.int32, ctypes.c_int32),
    "Long": (np.int64, th.int64, ctypes.c_int64),
}
FLOATS = ["Float", "Double"]
INTS = ["Byte", "Char", "Short", "Int", "Long"]
ALL = FLOATS + INTS


def fn(T, name, sig, restype=None):
    """TH<T>Tensor_<name>; sig: 't' a tensor, 's' a real scalar, or a ctype."""
    kinds = [P if k == "t" else TYPES[T][2] if k == "s" else k for k in sig]
    return legacy_fn(f"TH{T}Tensor_{name}", restype, *kinds)


def tensor(T, values):
    """A th tensor of a copy of values (its storage numpy's: not resizable)."""
    return th.from_numpy(np.array(values, dtype=TYPES[T][0]))


def empty(T):
    return th.empty(0, dtype=TYPES[T][1])


def bits(T):
    return np.dtype(TYPES[T][0]).itemsize * 8


def wrap(T, v):
    """A Python integer reduced to T's width, as TH's C arithmetic wrapped."""
    n = bits(T)
    v &= (1 << n) - 1
    if T != "Byte" and v >= 1 << (n - 1):
        v -= 1 << n
    return v


def tdiv(a, b):
    """C's integer division (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def sample(T, shape=(3, 4), seed=0, nonzero=False):
    rng = np.random.default_rng(seed)
    dt = TYPES[T][0]
    if T in FLOATS:
        a = (rng.standard_normal(shape) * 3).astype(dt)
        a.flat[:3] = [-2.5, 2.5, 0.5]
    else:
        info = np.iinfo(dt)
        a = rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dt)
        a.flat[0], a.flat[1] = info.min, info.max
        if T != "Byte":
            a.flat[2] = -7
    if nonzero:
        a[a == 0] = 1
    return a


def per_element(T, f, *arrays):
    """f over the arrays' elements as Python numbers, results wrapped to T."""
    dt = TYPES[T][0]
    out = [f(*(int(v) for v in vs)) for vs in zip(*(a.ravel() for a in arrays))]
    return np.array([wrap(T, v) for v in out], dtype=dt).reshape(arrays[0].shape)


def check(got, want):
    got = got.numpy() if hasattr(got, "numpy") else got
    assert got.shape == want.shape
    if got.dtype.kind == "f":
        tol = 2e-6 if got.dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, want, rtol=tol, atol=0, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------- scalar ops

def int_scalar_ops(T):
    """name -> (value, Python-integer spec of TH's C)"""
    n = bits(T)

    def shl(a, c):
        return 0 if c < 0 or c >= n else ((a & ((1 << n) - 1)) << c)

    def shr(a, c):
        return 0 if c < 0 or c >= n else ((a & ((1 << n) - 1)) >> c)

    def mod(a, v):
        return a - v * tdiv(a, v)

    def rem(a, v):
        m = mod(a, v)
        return m + v if m != 0 and (m < 0) != (v < 0) else m

    v = 3 if T == "Byte" else -3
    return {
        "add": (v, lambda a, v: a + v),
        "sub": (v, lambda a, v: a - v),
        "mul": (v, lambda a, v: a * v),
        "div": (v, tdiv),
        "fmod": (v, mod),
        "remainder": (v, rem),
        "bitand": (v, lambda a, v: a & v),
        "bitor": (v, lambda a, v: a | v),
        "bitxor": (v, lambda a, v: a ^ v),
        "lshift": (3, shl),
        "rshift": (3, shr),
        "cmaxValue": (v, max),
        "cminValue": (v, min),
        "pow": (5, lambda a, v: a**v),
    }


@pytest.mark.parametrize("T", INTS)
def test_int_scalar_ops(T):
    x = sample(T)
    for name, (v, spec) in int_scalar_ops(T).items():
        r = empty(T)
        fn(T, name, "tts")(r, tensor(T, x), v)
        check(r, per_element(T, lambda a: spec(a, wrap(T, v)), x))


@pytest.mark.parametrize("T", FLOATS)
def test_float_scalar_ops(T):
    dt = TYPES[T][0]
    x = sample(T)
    v = dt(-1.75)
    specs = {
        "add": x + v, "sub": x - v, "mul": x * v, "div": x / v,
        "fmod": np.fmod(x, v),
        # TH's float form, each step in the type: x - v * floor(x / v)
        "remainder": x - v * np.floor(x / v),
        "cmaxValue": np.where(x > v, x, v), "cminValue": np.where(x < v, x, v),
        "lshift": x * dt(2.0**v), "rshift": x / dt(2.0**v),
    }
    for name, want in specs.items():
        r = empty(T)
        fn(T, name, "tts")(r, tensor(T, x), v)
        check(r, want.astype(dt))
    r = empty(T)
    fn(T, "remainder", "tts")(r, tensor(T, x), 0)  # TH: NaN for a 0 divisor
    assert np.isnan(r.numpy()).all()


@pytest.mark.parametrize("T", ALL)
def test_scaled_and_clamp(T):
    dt = TYPES[T][0]
    x = sample(T)
    lo, hi = (2, 200) if T == "Byte" else (-5, 6)
    for name, sign in [("add_scaled", 1), ("sub_scaled", -1)]:
        r = empty(T)
        fn(T, name, "ttss")(r, tensor(T, x), 3, 7)
        if T in FLOATS:
            want = x + dt(sign * 21)
        else:
            want = per_element(T, lambda a: a + sign * 21, x)
        check(r, want)
    r = empty(T)
    fn(T, "clamp", "ttss")(r, tensor(T, x), lo, hi)
    check(r, np.clip(x, lo, hi).astype(dt))


@pytest.mark.parametrize("T", ALL)
def test_unary_all_types(T):
    dt = TYPES[T][0]
    x = sample(T)
    r = empty(T)
    fn(T, "neg", "tt")(r, tensor(T, x))
    check(r, per_element(T, lambda a: -a, x) if T in INTS else -x)
    fn(T, "sign", "tt")(r, tensor(T, x))
    check(r, np.sign(x).astype(dt) if T != "Byte" else (x > 0).astype(dt))
    if T in ("Short", "Int", "Long", "Float", "Double"):
        fn(T, "abs", "tt")(r, tensor(T, x))  # |INT_MIN| wraps to INT_MIN
        check(r, per_element(T, abs, x) if T in INTS else np.abs(x))
    y = sample(T, nonzero=True)
    fn(T, "cinv", "tt")(r, tensor(T, y))
    check(r, per_element(T, lambda a: tdiv(1, a), y) if T in INTS else (1 / y).astype(dt))


@pytest.mark.parametrize("T", ALL)
def test_pow_tpow(T):
    dt = TYPES[T][0]
    x = sample(T)
    r = empty(T)
    if T in INTS:
        for v in (0, 1, 2, 3, 7):
            fn(T, "pow", "tts")(r, tensor(T, x), v)
            check(r, per_element(T, lambda a: a**v, x))
        e = (np.abs(x.astype(np.int64)) % 9).astype(dt)
        fn(T, "tpow", "tst")(r, 3, tensor(T, e))
        check(r, per_element(T, lambda a: 3**a, e))
        if T != "Byte":
            with pytest.raises(RuntimeError, match="negative integer powers"):
                fn(T, "pow", "tts")(r, tensor(T, x), -1)
            with pytest.raises(RuntimeError, match="negative integer powers"):
                fn(T, "tpow", "tst")(r, 2, tensor(T, x))
    else:
        a = np.abs(x) + dt(0.25)
        for v in (1, 2, 3, 0.5, -0.5, -1, -2, 1.5, 0):
            fn(T, "pow", "tts")(r, tensor(T, a), v)
            check(r, np.power(a, dt(v)))
        fn(T, "tpow", "tst")(r, 1.5, tensor(T, x))
        check(r, np.power(dt(1.5), x))


# ---------------------------------------------------------------- tensor ops

@pytest.mark.parametrize("T", INTS)
def test_int_tensor_ops(T):
    n = bits(T)
    x, y = sample(T, seed=1), sample(T, seed=2, nonzero=True)
    y.flat[3] = -1 if T != "Byte" else 1  # x.flat[0] is INT_MIN: INT_MIN / -1 wraps
    x.flat[3] = x.flat[0]
    counts = (np.arange(12).reshape(3, 4) * 5 % (n + 4)).astype(TYPES[T][0])
    specs = {
        "cmul": (y, lambda a, b: a * b),
        "cdiv": (y, tdiv),
        "cfmod": (y, lambda a, b: a - b * tdiv(a, b)),
        "cremainder": (y, lambda a, b: (lambda m: m + b if m and (m < 0) != (b < 0) else m)(
            a - b * tdiv(a, b))),
        "cbitand": (y, lambda a, b: a & b),
        "cbitor": (y, lambda a, b: a | b),
        "cbitxor": (y, lambda a, b: a ^ b),
        "cmax": (y, max),
        "cmin": (y, min),
        # counts past the width (up to n + 3) shift everything out
        "clshift": (counts, lambda a, c: 0 if c >= n else (a & ((1 << n) - 1)) << c),
        "crshift": (counts, lambda a, c: 0 if c >= n else (a & ((1 << n) - 1)) >> c),
        "cpow": ((np.abs(y.astype(np.int64)) % 6).astype(y.dtype), lambda a, b: a**b),
    }
    for name, (src, spec) in specs.items():
        r = empty(T)
        fn(T, name, "ttt")(r, tensor(T, x), tensor(T, src))
        check(r, per_element(T, spec, x, src))
    for name, sign in [("cadd", 1), ("csub", -1)]:
        for v in (1, -1, 5):
            fn(T, name, "ttst")(r, tensor(T, x), v, tensor(T, y))
            check(r, per_element(T, lambda a, b: a + sign * wrap(T, v) * b, x, y))


@pytest.mark.parametrize("T", FLOATS)
def test_float_tensor_ops(T):
    dt = TYPES[T][0]
    x, y = sample(T, seed=1), sample(T, seed=2, nonzero=True)
    specs = {
        "cmul": x * y, "cdiv": x / y, "cfmod": np.fmod(x, y),
        "cremainder": x - y * np.floor(x / y),
        "cmax": np.where(x > y, x, y), "cmin": np.where(x < y, x, y),
        "clshift": x * np.power(dt(2), y), "crshift": x / np.power(dt(2), y),
        "cpow": np.power(np.abs(x), y), "atan2": np.arctan2(x, y),
    }
    for name, want in specs.items():
        r = empty(T)
        a = np.abs(x) if name == "cpow" else x
        fn(T, name, "ttt")(r, tensor(T, a), tensor(T, y))
        check(r, want.astype(dt))
    for name, sign in [("cadd", 1), ("csub", -1)]:
        for v in (1, -1, 2.5):
            fn(T, name, "ttst")(r, tensor(T, x), v, tensor(T, y))
            check(r, x + dt(sign * v) * y)
    fn(T, "lerp", "ttts")(r, tensor(T, x), tensor(T, y), 0.25)
    check(r, x + dt(0.25) * (y - x))
    # TH's NaN rules: cmax(NaN, 1) is 1, cmax(1, NaN) NaN (t > src ? t : src)
    a, b = np.array([np.nan, 1], dt), np.array([1, np.nan], dt)
    fn(T, "cmax", "ttt")(r, tensor(T, a), tensor(T, b))
    check(r, np.array([1, np.nan], dt))


@pytest.mark.parametrize("T", ALL)
def test_addcmul_addcdiv(T):
    dt = TYPES[T][0]
    x, y, z = sample(T, seed=3), sample(T, seed=4), sample(T, seed=5, nonzero=True)
    r = empty(T)
    fn(T, "addcmul", "ttstt")(r, tensor(T, x), 3, tensor(T, y), tensor(T, z))
    if T in FLOATS:
        check(r, x + dt(3) * y * z)
    else:
        check(r, per_element(T, lambda a, b, c: a + 3 * b * c, x, y, z))
    fn(T, "addcdiv", "ttstt")(r, tensor(T, x), 3, tensor(T, y), tensor(T, z))
    if T in FLOATS:
        check(r, x + dt(3) * y / z)
    else:
        # value * src1 in TH's int arithmetic (byte/char/short promoted to
        # int: exact; int and long wrap at their width), then / src2
        wide = T in ("Int", "Long")
        check(r, per_element(
            T, lambda a, b, c: a + tdiv(wrap(T, 3 * b) if wide else 3 * b, c), x, y, z))
    # r_ is t: accumulated in place
    t = tensor(T, x)
    fn(T, "addcmul", "ttstt")(t, t, 1, tensor(T, y), tensor(T, z))
    check(t, x + y * z if T in FLOATS else per_element(T, lambda a, b, c: a + b * c, x, y, z))


@pytest.mark.parametrize("T", ALL)
def test_comparisons(T):
    dt = TYPES[T][0]
    x = sample(T, seed=6)
    z = x.copy()
    z.flat[::2] = sample(T, seed=7).flat[::2]
    v = 3
    ops = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
           "ne": np.not_equal, "eq": np.equal}
    if T in FLOATS:
        x.flat[5] = np.nan
    for op, f in ops.items():
        rb, rt = empty("Byte"), empty(T)
        fn(T, op + "Value", "tts")(rb, tensor(T, x), v)
        check(rb, f(x, dt(v)).astype(np.uint8))
        fn(T, op + "ValueT", "tts")(rt, tensor(T, x), v)
        check(rt, f(x, dt(v)).astype(dt))
        fn(T, op + "Tensor", "ttt")(rb, tensor(T, x), tensor(T, z))
        check(rb, f(x, z).astype(np.uint8))
        fn(T, op + "TensorT", "ttt")(rt, tensor(T, x), tensor(T, z))
        check(rt, f(x, z).astype(dt))
    # a result of the wrong type is refused
    with pytest.raises(TypeError, match="THByteTensor"):
        fn(T, "ltValue", "tts")(empty("Long" if T == "Byte" else T), tensor(T, x), 1)


@pytest.mark.parametrize("T", INTS)
def test_bitwise_refused_for_floats_and_division_by_zero(T):
    for F in FLOATS:
        for name in ("bitand", "bitor", "bitxor"):
            with pytest.raises(RuntimeError, match="only supported for integer"):
                fn(F, name, "tts")(empty(F), tensor(F, [1.0]), 1)
            with pytest.raises(RuntimeError, match="only supported for integer"):
                fn(F, "c" + name, "ttt")(empty(F), tensor(F, [1.0]), tensor(F, [1.0]))
    x = sample(T)
    r = tensor(T, np.ones((3, 4)))
    for name in ("div", "fmod", "remainder"):
        with pytest.raises(RuntimeError, match="division by zero"):
            fn(T, name, "tts")(r, tensor(T, x), 0)
    zero_at_7 = np.ones((3, 4), TYPES[T][0])
    zero_at_7.flat[7] = 0
    for name in ("cdiv", "cfmod", "cremainder"):
        with pytest.raises(RuntimeError, match="division by zero"):
            fn(T, name, "ttt")(r, tensor(T, x), tensor(T, zero_at_7))
    with pytest.raises(RuntimeError, match="division by zero"):
        fn(T, "cinv", "tt")(r, tensor(T, zero_at_7))
    with pytest.raises(RuntimeError, match="division by zero"):
        fn(T, "addcdiv", "ttstt")(r, tensor(T, x), 1, tensor(T, x), tensor(T, zero_at_7))
    check(r, np.ones((3, 4), TYPES[T][0]))  # checked before anything is written


def test_values_from_th():
    """TH v0.4's own answers (from the oracle libTHref.so, not in CI)."""
    # TH's float remainder rounds each step in float (TH's C++ took float's
    # floor): -0.18318582, where the exact formula gives -0.18318576
    x, y = np.float32("-2.1112056"), np.float32("-0.38560396")
    r = empty("Float")
    fn("Float", "cremainder", "ttt")(r, tensor("Float", [x]), tensor("Float", [y]))
    assert r.numpy()[0] == np.float32("-0.18318582")
    fn("Float", "remainder", "tts")(r, tensor("Float", [x]), y)
    assert r.numpy()[0] == np.float32("-0.18318582")
    # shifts of the unsigned bits: a right shift is logical
    for T, values, name, count, want in [
        ("Char", [-1, -128, 100, 5], "rshift", 1, [127, 64, 50, 2]),
        ("Char", [-1, -128, 100, 5], "lshift", 1, [-2, 0, -56, 10]),
        ("Short", [-2, -32768, 1000], "rshift", 1, [32767, 16384, 500]),
        ("Byte", [200, 7], "lshift", 1, [144, 14]),
        ("Long", [-1], "rshift", 60, [15]),
        ("Int", [-7, 7, -7, 7], "remainder", 3, [2, 1, 2, 1]),
        ("Int", [-7, 7, -7, 7], "remainder", -3, [-1, -2, -1, -2]),
        ("Int", [-7, 7], "fmod", -3, [-1, 1]),
    ]:
        r = empty(T)
        fn(T, name, "tts")(r, tensor(T, values), count)
        check(r, np.array(want, TYPES[T][0]))


# ---------------------------------------------------------- float functions

def float_specs():
    sp = pytest.importorskip("scipy.special")

    def th_round(x):  # TH's roundf: halves away from zero
        return np.sign(x) * np.floor(np.abs(x.astype(np.float64)) + 0.5)

    return {
        "sigmoid": sp.expit, "log": np.log, "lgamma": sp.gammaln, "digamma": sp.psi,
        "trigamma": lambda x: sp.polygamma(1, x), "log10": np.log10, "log1p": np.log1p,
        "log2": np.log2, "exp": np.exp, "expm1": np.expm1, "cos": np.cos, "acos": np.arccos,
        "cosh": np.cosh, "sin": np.sin, "asin": np.arcsin, "sinh": np.sinh, "tan": np.tan,
        "atan": np.arctan, "tanh": np.tanh, "erf": sp.erf, "erfinv": sp.erfinv,
        "sqrt": np.sqrt, "rsqrt": lambda x: 1 / np.sqrt(x), "ceil": np.ceil,
        "floor": np.floor, "round": th_round, "abs": np.abs, "trunc": np.trunc,
        "frac": lambda x: x - np.trunc(x),
    }


@pytest.mark.parametrize("T", FLOATS)
def test_float_functions(T):
    dt = TYPES[T][0]
    rng = np.random.default_rng(8)
    inside = rng.uniform(-0.99, 0.99, (4, 5)).astype(dt)
    wide = (rng.standard_normal((4, 5)) * 4).astype(dt)
    wide.flat[:4] = [2.5, -2.5, 0.5, -3.5]
    for name, f in float_specs().items():
        for x in ([inside] if name in ("acos", "asin", "erfinv") else [inside, wide, np.abs(wide)]):
            r = empty(T)
            with np.errstate(all="ignore"):
                want = f(x.astype(np.float64)).astype(dt)
            fn(T, name, "tt")(r, tensor(T, x))
            # float32: TH's float math, th's within its rounding (and near
            # digamma's and lgamma's roots an absolute error of float's)
            rtol, atol = (5e-6, 1e-6) if T == "Float" else (1e-12, 1e-14)
            np.testing.assert_allclose(r.numpy(), want, rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=name)
    # polygamma is digamma or trigamma; TH had no other n
    x = np.abs(wide) + dt(0.5)
    for n, name in [(0, "digamma"), (1, "trigamma")]:
        r1, r2 = empty(T), empty(T)
        fn(T, "polygamma", ["t", ctypes.c_int64, "t"])(r1, n, tensor(T, x))
        fn(T, name, "tt")(r2, tensor(T, x))
        check(r1, r2.numpy())
    with pytest.raises(RuntimeError, match="not implemented for n>=2"):
        fn(T, "polygamma", ["t", ctypes.c_int64, "t"])(empty(T), 2, tensor(T, x))


@pytest.mark.parametrize("T", FLOATS)
def test_float_special_values(T):
    dt = TYPES[T][0]
    inf = np.inf
    cases = {
        # TH's poles: +inf at 0 and at the negative integers
        "digamma": ([0.0, -0.0, -1.0, -2.0, inf, -inf], [inf, inf, inf, inf, inf, inf]),
        "trigamma": ([0.0, -1.0, -3.0, inf, -inf], [inf, inf, inf, 0.0, np.nan]),
        "round": ([0.5, -0.5, 1.5, 2.5, -2.5, 0.49999997], [1, -1, 2, 3, -3, 0]),
        "erfinv": ([1.0, -1.0, 1.5, 0.0], [inf, -inf, np.nan, 0.0]),
        "rsqrt": ([0.0, 4.0, -1.0], [inf, 0.5, np.nan]),
        "cinv": ([0.0, -0.0, 4.0], [inf, -inf, 0.25]),
        "frac": ([2.75, -2.75, inf], [0.75, -0.75, np.nan]),
        "sign": ([np.nan, -0.0, -3.0], [0.0, 0.0, -1.0]),
    }
    for name, (x, want) in cases.items():
        r = empty(T)
        fn(T, name, "tt")(r, tensor(T, x))
        check(r, np.array(want, dt))


# ------------------------------------------------------------ TH's tensors

@pytest.mark.parametrize("T", ["Float", "Int"])
def test_non_contiguous_inputs_and_result(T):
    dt = TYPES[T][0]
    base = sample(T, shape=(4, 6), seed=9)
    other = sample(T, shape=(6, 4), seed=10, nonzero=True)
    x = th.from_numpy(base)[:, ::2]              # 4 x 3, strided
    y = th.from_numpy(other).t()[:, 1::2]        # 4 x 3, transposed and strided
    xn, yn = x.numpy(), y.numpy()
    out = th.from_numpy(np.zeros((3, 4), dt)).t()  # 4 x 3 result, kept as it is
    fn(T, "cmul", "ttt")(out, x, y)
    assert out.stride() == (1, 4)
    check(out, xn * yn if T == "Float" else per_element(T, lambda a, b: a * b, xn, yn))
    fn(T, "cadd", "ttst")(out, x, 2, y)
    check(out, xn + dt(2) * yn if T == "Float"
          else per_element(T, lambda a, b: a + 2 * b, xn, yn))
    fn(T, "gtTensorT", "ttt")(out, x, y)
    check(out, (xn > yn).astype(dt))
    fn(T, "neg", "tt")(out, x)
    check(out, -xn if T == "Float" else per_element(T, lambda a: -a, xn))
    fn(T, "add", "tts")(out, y, 3)
    check(out, yn + dt(3) if T == "Float" else per_element(T, lambda a: a + 3, yn))
    fn(T, "fill", "ts")(out, 7)
    check(out, np.full((4, 3), 7, dt))
    r = empty(T)
    fn(T, "clamp", "ttss")(r, y, -3, 3)
    check(r, np.clip(yn, -3, 3))
    assert fn(T, "equal", "tt", ctypes.c_int)(x, th.from_numpy(xn.copy())) == 1


@pytest.mark.parametrize("T", ["Double", "Short"])
def test_result_is_an_input(T):
    dt = TYPES[T][0]
    x, y = sample(T, seed=11), sample(T, seed=12, nonzero=True)
    t = tensor(T, x)
    fn(T, "cmul", "ttt")(t, t, tensor(T, y))
    check(t, x * y if T == "Double" else per_element(T, lambda a, b: a * b, x, y))
    s = tensor(T, y)
    fn(T, "csub", "ttst")(s, tensor(T, x), 1, s)  # r_ is src
    check(s, x - y if T == "Double" else per_element(T, lambda a, b: a - b, x, y))
    u = tensor(T, x)
    fn(T, "pow", "tts")(u, u, 2)
    check(u, x * x if T == "Double" else per_element(T, lambda a: a * a, x))
    v = th.from_numpy(x.copy()).t()  # in place on a transposed view
    fn(T, "mul", "tts")(v, v, 3)
    check(v, (x * dt(3)).T if T == "Double" else per_element(T, lambda a: a * 3, x).T)


@pytest.mark.parametrize("T", ["Float", "Long"])
def test_shapes_pair_in_row_major_order(T):
    dt = TYPES[T][0]
    x = sample(T, shape=(2, 6), seed=13)
    y = sample(T, shape=(3, 4), seed=14)
    r = empty(T)
    fn(T, "cadd", "ttst")(r, tensor(T, x), 1, tensor(T, y))
    assert r.shape == (2, 6)  # t's shape; TH did not broadcast
    want = x + y.reshape(2, 6) if T == "Float" else per_element(
        T, lambda a, b: a + b, x, y.reshape(2, 6))
    check(r, want)
    rb = empty("Byte")
    fn(T, "leTensor", "ttt")(rb, tensor(T, y), tensor(T, x))
    check(rb, (y <= x.reshape(3, 4)).astype(np.uint8))
    r = th.zeros(5, dtype=TYPES[T][1])  # resized from 5 elements to t's 2 x 6
    fn(T, "cmax", "ttt")(r, tensor(T, x), tensor(T, y.T))
    check(r, np.maximum(x, y.T.reshape(2, 6)).astype(dt))
    assert fn(T, "equal", "tt", ctypes.c_int)(tensor(T, x), tensor(T, x.reshape(3, 4))) == 0


@pytest.mark.parametrize("T", ["Float", "Char"])
def test_element_count_mismatch_is_a_th_error(T):
    a, b = tensor(T, np.ones((2, 3))), tensor(T, np.ones(5))
    r = empty(T)
    for name, sig, args in [
        ("cadd", "ttst", (r, a, 1, b)), ("cmul", "ttt", (r, a, b)), ("cmax", "ttt", (r, a, b)),
        ("cpow", "ttt", (r, a, b)), ("eqTensorT", "ttt", (r, a, b)),
        ("addcmul", "ttstt", (r, a, 1, a, b)), ("addcdiv", "ttstt", (r, a, 1, b, a)),
    ]:
        with pytest.raises(RuntimeError, match="inconsistent tensor size"):
            fn(T, name, sig)(*args)
    with pytest.raises(RuntimeError, match="inconsistent tensor size"):
        fn(T, "ltTensor", "ttt")(empty("Byte"), a, b)
    if T == "Float":
        with pytest.raises(RuntimeError, match="sizes do not match"):
            fn(T, "lerp", "ttts")(r, a, b, 0.5)
        with pytest.raises(RuntimeError, match="inconsistent tensor size"):
            fn(T, "atan2", "ttt")(r, a, b)
    with pytest.raises(ValueError, match="is NULL"):
        fn(T, "neg", "tt")(None, a)
    with pytest.raises(TypeError, match="not a TH"):
        fn(T, "add", "tts")(empty("Double"), a, 1)


@pytest.mark.parametrize("T", ALL)
def test_fills_and_factories(T):
    dt = TYPES[T][0]
    r = tensor(T, np.arange(12).reshape(3, 4))
    fn(T, "fill", "ts")(r[:, 1:3], 9)
    want = np.arange(12).reshape(3, 4).astype(dt)
    want[:, 1:3] = 9
    check(r, want)
    fn(T, "zero", "t")(r.t())
    check(r, np.zeros((3, 4), dt))
    like = tensor(T, np.zeros((2, 5)))
    fn(T, "onesLike", "tt")(r, like)
    check(r, np.ones((2, 5), dt))
    fn(T, "zerosLike", "tt")(r, tensor(T, np.zeros(7)))
    check(r, np.zeros(7, dt))
    size = legacy_fn("THLongStorage_newWithSize2", ctypes.c_void_p, ctypes.c_int64,
                     ctypes.c_int64)(2, 3)
    try:
        fn(T, "ones", "tt")(r, size)
        check(r, np.ones((2, 3), dt))
        fn(T, "zeros", "tt")(r, size)
        check(r, np.zeros((2, 3), dt))
    finally:
        legacy_fn("THLongStorage_free", None, P)(size)
    numel = fn(T, "numel", "t", ctypes.c_int64)
    assert numel(tensor(T, np.zeros((4, 5)))) == 20
    assert numel(th.tensor(1, dtype=TYPES[T][1])) == 0  # TH: no dims, no elements
    eq = fn(T, "equal", "tt", ctypes.c_int)
    x = sample(T)
    assert eq(tensor(T, x), tensor(T, x)) == 1
    y = x.copy()
    y.flat[11] = 0 if y.flat[11] else 1
    assert eq(tensor(T, x), tensor(T, y)) == 0
    assert eq(tensor(T, x), tensor(T, x.ravel())) == 0  # same elements, other sizes
    if T in FLOATS:
        x.flat[3] = np.nan
        assert eq(tensor(T, x), tensor(T, x)) == 0  # NaN equals nothing


@pytest.mark.parametrize("T", ["Double", "Byte"])
def test_no_dims_no_elements(T):
    """A tensor with 0 dims has no elements in TH: the result takes 0 dims
    and nothing is read or written (th's scalar is one element)."""
    s = th.tensor(5, dtype=TYPES[T][1])
    r = tensor(T, np.zeros(3))
    fn(T, "add", "tts")(r, s, 1)
    assert r.dim() == 0
    r = tensor(T, np.zeros(3))
    fn(T, "cmul", "ttt")(r, s, s)
    assert r.dim() == 0
    rb = empty("Byte")
    fn(T, "eqValue", "tts")(rb, s, 5)
    assert rb.dim() == 0
    fn(T, "fill", "ts")(s, 7)
    assert s.item() == 5
    if T in INTS:
        fn(T, "pow", "tts")(r, s, -1)  # no element: no error, as TH's loop


# ------------------------------------------------------------- from TH's C

TH_STYLE_C = r"""
/* TH v0.4-style C: the typed API, TH_TENSOR_APPLY, TH errors unwinding to a
 * THLegacy_protect boundary. */
#include <stdio.h>
#include <TH/TH.h>

static void math(void *ctx) {
  (void)ctx;
  THFloatTensor *a = THFloatTensor_new(), *b = THFloatTensor_new(), *r = THFloatTensor_new();
  THFloatTensor_resize2d(a, 2, 3);
  THFloatTensor_resize1d(b, 6);
  THByteTensor *mask = THByteTensor_new();
  float *ad = THFloatTensor_data(a), *bd = THFloatTensor_data(b);
  for (int i = 0; i < 6; i++) {
    ad[i] = (float)i - 2.5f;
    bd[i] = (float)(2 * i);
  }
  THFloatTensor_cadd(r, a, 0.5f, b); /* b paired with a in row-major order */
  THFloatTensor_gtValue(mask, r, 0.75f);
  long count = 0;
  TH_TENSOR_APPLY(unsigned char, mask, count += *mask_data;);
  THFloatTensor_sigmoid(r, r);
  printf("%d %ld %ld %.6f\n", THFloatTensor_nDimension(r), (long)THFloatTensor_size(r, 1), count,
         (double)THFloatTensor_get2d(r, 1, 2));

  THLongTensor *l = THLongTensor_new();
  THLongTensor_resize1d(l, 4);
  for (int i = 0; i < 4; i++) THLongTensor_set1d(l, i, 7 - 5 * i); /* 7 2 -3 -8 */
  THLongTensor_remainder(l, l, -3);
  THLongTensor_abs(l, l);
  printf("%ld %ld %ld %ld %td\n", (long)THLongTensor_get1d(l, 0), (long)THLongTensor_get1d(l, 1),
         (long)THLongTensor_get1d(l, 2), (long)THLongTensor_get1d(l, 3), THLongTensor_numel(l));
  THLongTensor_free(l);
  THByteTensor_free(mask);
  THFloatTensor_free(r);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
}

static THIntTensor *leftover;

static void divide_by_zero(void *ctx) {
  (void)ctx;
  leftover = THIntTensor_new();
  THIntTensor_resize1d(leftover, 3);
  THIntTensor_fill(leftover, 6);
  THIntTensor_div(leftover, leftover, 0); /* does not return */
  printf("not reached\n");
}

int main(void) {
  if (THLegacy_protect(math, NULL) != 0) return 1;
  int rc = THLegacy_protect(divide_by_zero, NULL);
  printf("%d %s %d\n", rc, THGetLastError()->message, THIntTensor_get1d(leftover, 0));
  THIntTensor_free(leftover);
  return 0;
}
"""


def test_from_th_style_c(tmp_path):
    import shutil
    import subprocess
    import sysconfig

    from helpers import compiler_env

    source = tmp_path / "th_style.c"
    source.write_text(TH_STYLE_C)
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        pytest.fail(f"no C compiler ({cc}) to build the TH-style program")
    libdir = th.get_library_dirs()[0]
    binary = tmp_path / "th_style"
    subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror",
                    "-Werror=implicit-function-declaration",
                    "-Werror=incompatible-pointer-types", "-Werror=int-conversion", str(source),
                    "-I", th.get_include(), "-L", libdir, "-lTH", "-Wl,-rpath," + libdir,
                    "-o", str(binary)], check=True, env=compiler_env())
    result = subprocess.run([str(binary)], capture_output=True, text=True)
    # r = a + 0.5 b: [[-2.5, -0.5, 1.5], [3.5, 5.5, 7.5]], 4 of them > 0.75;
    # sigmoid(7.5); 7 2 -3 -8 remainder -3 (the divisor's sign): -2 -1 0 -2
    want = [f"2 3 4 {1 / (1 + math.exp(-7.5)):.6f}", "2 1 0 2 4",
            "-1 THIntTensor_div: integer division by zero 6"]
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == want


# ------------------------------------------------- views of any geometry

@st.composite
def views(draw):
    """(shape, [three index tuples]): the shape of 1 to 3 dims (sizes 1 to
    4) and, for r_, t and src, a strided, sliced and permuted view of a
    larger array."""
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    layouts = []
    for _ in range(3):
        perm = draw(st.permutations(range(len(shape))))
        steps = [draw(st.integers(1, 2)) for _ in shape]
        starts = [draw(st.integers(0, 1)) for _ in shape]
        layouts.append((perm, steps, starts))
    return shape, layouts


def view_of(T, values, layout):
    """A th view holding values (shape s) over a larger array: the dims
    permuted by perm in memory, every dim strided by its step, offset."""
    perm, steps, starts = layout
    dt = TYPES[T][0]
    inv = np.argsort(perm)
    mem_shape = [values.shape[p] * steps[i] + starts[i] for i, p in enumerate(perm)]
    base = np.zeros(mem_shape, dt)
    v = th.from_numpy(base)
    for d in range(len(perm)):
        v = v.narrow(d, starts[d], mem_shape[d] - starts[d])
        if steps[d] > 1:
            v = v[(slice(None),) * d + (slice(None, None, steps[d]),)]
    v = v.permute(*inv)
    host = np.transpose(base, inv)[tuple(
        slice(starts[inv[i]], None, steps[inv[i]]) for i in range(len(perm)))]
    host[...] = values
    return v


@settings(max_examples=60)
@given(views(), st.sampled_from(["Float", "Int"]), st.data())
def test_any_views(geometry, T, data):
    shape, layouts = geometry
    dt = TYPES[T][0]
    rng = np.random.default_rng(data.draw(st.integers(0, 2**31)))
    x = (rng.standard_normal(shape) * 5).astype(dt)
    y = (rng.standard_normal(shape) * 5).astype(dt)
    y[y == 0] = 3
    r, t, src = (view_of(T, a, lay) for a, lay in zip((np.zeros(shape), x, y), layouts))
    op = data.draw(st.sampled_from(["cadd", "cmul", "cdiv", "gtTensorT", "clamp", "neg", "sign"]))
    if op == "cadd":
        fn(T, op, "ttst")(r, t, 2, src)
        want = x + dt(2) * y if T == "Float" else per_element(T, lambda a, b: a + 2 * b, x, y)
    elif op == "cmul":
        fn(T, op, "ttt")(r, t, src)
        want = x * y if T == "Float" else per_element(T, lambda a, b: a * b, x, y)
    elif op == "cdiv":
        fn(T, op, "ttt")(r, t, src)
        want = x / y if T == "Float" else per_element(T, tdiv, x, y)
    elif op == "gtTensorT":
        fn(T, op, "ttt")(r, t, src)
        want = (x > y).astype(dt)
    elif op == "clamp":
        fn(T, op, "ttss")(r, t, -2, 3)
        want = np.clip(x, -2, 3).astype(dt)
    else:
        fn(T, op, "tt")(r, t)
        want = -x if op == "neg" else np.sign(x).astype(dt)
    assert r.shape == shape  # r_ had t's shape: its geometry is kept
    check(r, want)
    check(t, x)  # the inputs are untouched
    check(src, y)

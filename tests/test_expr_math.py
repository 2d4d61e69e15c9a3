"""The transcendental kernels (exp, log, sin, tanh, pow, ...) run through
glibc's vector math (libmvec) where th was built with it: accuracy in units
in the last place against a wider oracle, and the special values (NaN, inf,
signed zeros, overflow, huge arguments) exactly as numpy gives them."""
import numpy as np
import pytest

import th

UNARY = {  # th name -> numpy function (the oracle, evaluated wider)
    "exp": np.exp, "log": np.log, "log1p": np.log1p, "expm1": np.expm1,
    "sin": np.sin, "cos": np.cos, "tanh": np.tanh,
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
}
BINARY = {"pow": np.power, "atan2": np.arctan2}
# glibc documents its vector variants within 4 ulp; sigmoid is 1 / (1 + exp)
# with two more roundings
MAX_ULP = {"sigmoid": 6}
WIDER = {np.float32: np.float64, np.float64: np.longdouble}
DTYPES = {np.float32: th.float32, np.float64: th.float64}


def inputs(name, dtype, n, seed):
    """n values where name is finite and interesting: a wide log-uniform
    spread of magnitudes, both signs where the domain allows."""
    rng = np.random.default_rng(seed)
    if name in ("exp", "expm1", "sigmoid"):
        x = rng.uniform(-80 if dtype == np.float32 else -700, 80 if dtype == np.float32 else 700, n)
    elif name in ("log", "log1p"):
        x = np.exp(rng.uniform(-80, 80, n))
    elif name in ("sin", "cos"):
        x = rng.uniform(-1, 1, n) * 10.0 ** rng.uniform(-5, 5, n)
    else:  # tanh
        x = rng.uniform(-1, 1, n) * 10.0 ** rng.uniform(-6, 1.5, n)
    return x.astype(dtype)


def ulps(got, exact, dtype):
    """|got - exact| in units of the last place of exact rounded to dtype."""
    rounded = exact.astype(dtype)
    spacing = np.spacing(np.abs(rounded)).astype(exact.dtype)
    return np.abs(got.astype(exact.dtype) - exact) / spacing


def run(name, *arrays):
    args = [th.from_numpy(a) for a in arrays]
    return getattr(th, name)(*args).numpy()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_accuracy_in_ulps(name, dtype):
    x = inputs(name, dtype, 20011, seed=len(name))  # odd length: vector body and tail
    exact = UNARY[name](x.astype(WIDER[dtype]))
    with np.errstate(all="ignore"):
        err = ulps(run(name, x), exact, dtype)
    assert err.max() <= MAX_ULP.get(name, 4), (name, x[err.argmax()], err.max())


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_accuracy_in_ulps(name, dtype):
    rng = np.random.default_rng(7)
    x = np.exp(rng.uniform(-20, 20, 20011)).astype(dtype)
    y = rng.uniform(-4, 4, 20011).astype(dtype)
    if name == "atan2":
        x *= np.sign(rng.uniform(-1, 1, x.size)).astype(dtype)
    exact = BINARY[name](x.astype(WIDER[dtype]), y.astype(WIDER[dtype]))
    err = ulps(run(name, x, y), exact, dtype)
    assert err.max() <= 4, (name, x[err.argmax()], y[err.argmax()], err.max())


SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 1e-40, -1e-40, 5e-324, 1e30, -1e30,
           88.8, 89.0, -104.0, -110.0, 710.0, -746.0, 1e300, -1e300, 20.0, -20.0, 0.5]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_special_values_as_numpy(name, dtype):
    with np.errstate(all="ignore"):
        x = np.array(SPECIAL * 3, dtype=dtype)  # three copies: vector lanes and the tail
        expected = UNARY[name](x)
    got = run(name, x)
    special = ~np.isfinite(expected) | (expected == 0) | (np.abs(expected) == 1)
    np.testing.assert_array_equal(got[special], expected[special])
    zero = expected == 0
    assert (np.signbit(got[zero]) == np.signbit(expected[zero])).all()
    finite = ~special
    np.testing.assert_allclose(got[finite], expected[finite], rtol=4 * np.finfo(dtype).eps)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_special_values_as_numpy(name, dtype):
    values = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 1e-40, 1e30]
    x, y = (a.ravel().astype(dtype) for a in np.meshgrid(values, values))
    with np.errstate(all="ignore"):
        expected = BINARY[name](x, y)
    got = run(name, x, y)
    np.testing.assert_allclose(got, expected, rtol=4 * np.finfo(dtype).eps, equal_nan=True)
    zero = expected == 0
    assert (np.signbit(got[zero]) == np.signbit(expected[zero])).all()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("exponent, fast", [(2, np.square), (2.0, np.square), (0.5, np.sqrt),
                                            (-0.5, lambda x: 1 / np.sqrt(x)),
                                            (-1, np.reciprocal)])
def test_special_exponents_run_as_their_kernels(exponent, fast, dtype):
    """x ** 2, ** 0.5, ** -0.5 and ** -1 are x * x, sqrt, rsqrt and 1 / x, bit
    for bit, as torch and numpy special-case them (sqrt(-0.0) is -0.0 where
    pow gives +0.0; sqrt(-inf) is NaN where pow gives inf)."""
    x = np.array(SPECIAL * 2 + [-2.0, 3.0, 7.5], dtype=dtype)
    with np.errstate(all="ignore"):
        expected = fast(x)
    for got in (th.from_numpy(x) ** exponent, th.pow(th.from_numpy(x), exponent),
                (th.lazy(th.from_numpy(x)) ** exponent).eval()):
        np.testing.assert_array_equal(got.numpy(), expected)
        zero = expected == 0
        assert (np.signbit(got.numpy()[zero]) == np.signbit(expected[zero])).all()


def test_half_powers_stay_pow_as_torch():
    # torch computes float16 ** 0.5 by pow: -0.0 ** 0.5 is +0.0
    r = th.tensor([-0.0, 4.0], dtype=th.float16) ** 0.5
    assert r.tolist() == [0.0, 2.0] and not np.signbit(r.float().numpy()[0])


def torch_floor_divide_and_remainder(x, y):
    """torch's float formulas (div_floor_floating, remainder) in numpy float32,
    from numpy's fmod (exact, as every fmod is)."""
    with np.errstate(all="ignore"):
        m = np.fmod(x, y)
        div = (x - m) / y
        div = np.where((m != 0) & ((y < 0) != (m < 0)), div - 1, div)
        f = np.floor(div)
        f = np.where(div - f > 0.5, f + 1, f)
        q = np.where(div == 0, np.copysign(np.zeros_like(x), x / y), f)
        q = np.where(y == 0, x / y, q).astype(np.float32)
        r = np.where((m != 0) & ((y < 0) != (m < 0)), m + y, m).astype(np.float32)
    return q, r


def test_float32_floor_divide_and_remainder_are_torchs_formula():
    """float32 // and % take fmod in float64 (vectorised) where exact and
    fmodf elsewhere: huge quotients, zeros, infinities, NaN, subnormals,
    both signs, a scalar on either side, and in place."""
    rng = np.random.default_rng(11)
    n = 3001
    x = (rng.standard_normal(n) * 10.0 ** rng.uniform(-40, 38, n)).astype(np.float32)
    y = (rng.standard_normal(n) * 10.0 ** rng.uniform(-40, 38, n)).astype(np.float32)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -3.0, 7.0, 2.5], np.float32)
    x[:81], y[:81] = np.repeat(special, 9), np.tile(special, 9)
    # quotients at and one step beside integers, below and above 2^29
    y[100:400] = rng.uniform(0.1, 10, 300).astype(np.float32)
    k = np.concatenate([rng.integers(-2**24, 2**24, 200), rng.integers(-2**31, 2**31, 100)])
    x[100:400] = (y[100:400] * k).astype(np.float32)
    x[100:400:3] = np.nextafter(x[100:400:3], np.float32(np.inf))
    x[101:400:3] = np.nextafter(x[101:400:3], np.float32(-np.inf))
    expected_q, expected_r = torch_floor_divide_and_remainder(x, y)
    tx, ty = th.from_numpy(x), th.from_numpy(y)
    np.testing.assert_array_equal((tx // ty).numpy(), expected_q)
    np.testing.assert_array_equal((tx % ty).numpy(), expected_r)
    assert (np.signbit((tx % ty).numpy()) == np.signbit(expected_r)).all()
    for scalar in (3.0, -0.75, 1e-30):
        s = np.float32(scalar)
        np.testing.assert_array_equal((tx % scalar).numpy(),
                                      torch_floor_divide_and_remainder(x, np.full(n, s))[1])
        np.testing.assert_array_equal((scalar // tx).numpy(),
                                      torch_floor_divide_and_remainder(np.full(n, s), x)[0])
    inplace = th.from_numpy(x.copy())
    inplace %= ty
    np.testing.assert_array_equal(inplace.numpy(), expected_r)

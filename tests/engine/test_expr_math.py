"""The transcendental kernels (exp, log, sin, tanh, pow, ...) run through
glibc's vector math (libmvec) where th was built with it: accuracy in units
in the last place against a wider oracle, and the special values (NaN, inf,
signed zeros, overflow, huge arguments) exactly as numpy gives them."""
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

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


def beyond_exps_range(dtype, seed):
    """Values mostly beyond exp's vector range (overflowing, underflowing, in
    between), a NaN every 97th and an ordinary value every 89th."""
    limit = 120.0 if dtype == np.float32 else 800.0
    rng = np.random.default_rng(seed)
    x = rng.uniform(-limit, limit, 20011).astype(dtype)
    x[::97] = np.nan
    x[5::89] = rng.uniform(-limit / 10, limit / 10, x[5::89].size)
    return x


def out_and_in_place(name, x):
    """name of x, which its in-place form on a copy of x gives too; NaN stays NaN."""
    got = run(name, x)
    t = th.from_numpy(x.copy())
    assert getattr(t, name + "_")() is t
    np.testing.assert_array_equal(t.numpy(), got)
    assert np.isnan(got[np.isnan(x)]).all()
    return got


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_exp_beyond_the_vector_range_is_accurate_in_place_or_not(dtype):
    # blocks holding overflowing, underflowing and in-between (gap) elements among
    # ordinary ones are fixed after the vector loop: numpy's inf and 0, within the
    # vector exp's 4 ulp of the exact value elsewhere, the same result in place
    x = beyond_exps_range(dtype, 3)
    with np.errstate(all="ignore"):
        exact = np.exp(x.astype(WIDER[dtype]))
        expected = np.exp(x)
    got = out_and_in_place("exp", x)
    nan = np.isnan(x)
    edge = ~nan & (np.isinf(expected) | (expected == 0))
    np.testing.assert_array_equal(got[edge], expected[edge])
    rest = ~nan & ~edge
    with np.errstate(all="ignore"):
        err = ulps(got[rest], exact[rest], dtype)
    assert err.max() <= 4, (x[rest][err.argmax()], err.max())  # libmvec's bound


def test_float32_exp_is_within_an_ulp_of_the_correctly_rounded_for_every_kind_of_input():
    """float32 exp (and sigmoid) compute every input alike (THVectorExpImpl.h):
    over a sweep of float32 bit patterns, every result lies within one
    float32 step of the correctly rounded exp, the overflow and underflow
    edges and the subnormals included (inf counts as the step past the
    largest float), NaN stays NaN; and a value's result does not depend on
    its neighbours (libmvec's took a scalar path for a vector with an
    overflowing lane)."""
    x = np.arange(0, 2**32, 4099, dtype=np.uint64).astype(np.uint32).view(np.float32)
    x = np.concatenate([x, np.float32([88.72283, 88.722839, 88.7228394, -87.33655, -103.972,
                                       -103.9721, -104.0, 89.0, np.inf, -np.inf, -0.0])])
    got = run("exp", x)
    nan = np.isnan(x)
    assert np.isnan(got[nan]).all()
    with np.errstate(over="ignore"):
        correct = np.exp(x[~nan].astype(np.float64)).astype(np.float32)
    steps = np.abs(got[~nan].view(np.int32).astype(np.int64) - correct.view(np.int32))
    assert steps.max() <= 1, x[~nan][steps.argmax()]
    assert (steps == 0).mean() > 0.99
    calm = np.random.default_rng(2).uniform(-80, 80, 4096).astype(np.float32)
    for neighbour in (100.0, -100.0):  # overflowing; underflowing (the tiny path)
        for values in (x, calm):
            mixed = values.copy()
            mixed[1::2] = np.float32(neighbour)
            for name in ("exp", "sigmoid"):
                assert np.array_equal(run(name, mixed)[0::2], run(name, values)[0::2],
                                      equal_nan=True), (name, neighbour)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sigmoid_beyond_exps_vector_range_is_accurate_in_place_or_not(dtype):
    # blocks with an input beyond exp's fast range take exp's fixed-up path: 0 where
    # exp(-x) overflows, NaN for NaN, subnormals within a few of their units, within
    # sigmoid's 6 ulp elsewhere, the same in place; and torch's values closely
    x = beyond_exps_range(dtype, 5)
    x[:6] = [np.inf, -np.inf, 0.0, -0.0, -88.5, 88.5]
    with np.errstate(all="ignore"):
        exact = 1 / (1 + np.exp(-x.astype(WIDER[dtype])))
    got = out_and_in_place("sigmoid", x)
    nan = np.isnan(x)
    with np.errstate(over="ignore"):
        over = ~nan & np.isinf(np.exp(-x))  # exp(-x) overflows: 1 / inf, as numpy's and torch's
    assert (got[over] == 0).all()
    small = ~nan & ~over & (exact < np.finfo(dtype).tiny)  # subnormal: an absolute error
    assert (np.abs(got[small] - exact[small]) <= 4 * np.finfo(dtype).smallest_subnormal).all()
    rest = ~nan & ~over & ~small
    with np.errstate(all="ignore"):
        err = ulps(got[rest], exact[rest], dtype)
    assert err.max() <= MAX_ULP["sigmoid"], (x[rest][err.argmax()], err.max())
    torch = pytest.importorskip("torch")
    np.testing.assert_allclose(got, torch.sigmoid(torch.from_numpy(x)).numpy(), rtol=1e-6,
                               atol=4 * np.finfo(dtype).smallest_subnormal)


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
    # a zero remainder takes the divisor's sign (docs/TORCH.md 'Arithmetic'; torch: the dividend's)
    expected_sign = np.where(expected_r == 0, np.signbit(y), np.signbit(expected_r))
    assert (np.signbit((tx % ty).numpy()) == expected_sign).all()
    for scalar in (3.0, -0.75, 1e-30):
        s = np.float32(scalar)
        np.testing.assert_array_equal((tx % scalar).numpy(),
                                      torch_floor_divide_and_remainder(x, np.full(n, s))[1])
        np.testing.assert_array_equal((scalar // tx).numpy(),
                                      torch_floor_divide_and_remainder(np.full(n, s), x)[0])
    inplace = th.from_numpy(x.copy())
    inplace %= ty
    np.testing.assert_array_equal(inplace.numpy(), expected_r)


# ------------------------------------------------------ complex log1p
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_log1p_is_accurate_near_zero_and_as_torch(dtype):
    """log1p of a complex is log|1 + z| + i arg(1 + z) without rounding 1 + z
    (th gave log1p(0.001) 500 ulp off): within 2 ulp of an exact oracle
    (mpmath) where torch is accurate, and torch's values elsewhere."""
    torch = pytest.importorskip("torch")
    mpmath = pytest.importorskip("mpmath")
    npdt = np.dtype(dtype)
    rng = np.random.default_rng(7)
    zs = [0.001 + 0j, -0.001 + 0j, 1e-8 + 1e-8j, -1e-8 + 0j, 1e-30 + 1e-30j, -0.3 + 0.3j,
          0.4 - 0.2j, 3 + 4j, -2 + 1e-8j, -0.5 + 1e-20j, 1e10 - 1e10j, -1 + 0j, 0j]
    for scale in (1e-12, 1e-6, 1e-3, 0.1, 0.5, 1, 3, 1e3):
        zs += list((rng.standard_normal(40) + 1j * rng.standard_normal(40)) * scale)
    z = np.array(zs).astype(npdt)
    got = th.tensor(z.astype(complex).tolist(), dtype=getattr(th, dtype)).log1p()
    got = np.array(got.tolist(), dtype=complex)
    want = torch.from_numpy(z).log1p().numpy().astype(complex)
    eps = np.finfo(npdt).eps
    for zi, g, w in zip(z, got, want):
        with mpmath.workprec(200):
            exact = complex(mpmath.log(1 + mpmath.mpc(float(zi.real), float(zi.imag))))
        for part in ("real", "imag"):
            gp, wp, ep = getattr(g, part), getattr(w, part), getattr(exact, part)
            if np.isinf(ep):
                assert gp == wp == ep, (zi, g, w)
                continue
            tol = 2 * eps * abs(ep) + np.finfo(npdt).tiny
            assert abs(gp - ep) <= max(tol, abs(wp - ep)), (zi, part, gp, wp, ep)
    # on the real axis, the real log1p
    assert got[0].real == np.log1p(npdt.type(0.001).real) and got[0].imag == 0


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_expm1_is_accurate_near_zero_and_as_torch(dtype):
    """expm1 of a complex keeps the real part's digits where exp(z) - 1
    cancels them (th gave expm1(0.00125 + 0.0004j) 9000 ulp off in
    complex64): within 2 ulp of mpmath where torch is, torch's value
    elsewhere, and cexp's infinities."""
    torch = pytest.importorskip("torch")
    mpmath = pytest.importorskip("mpmath")
    npdt = np.dtype(dtype)
    rng = np.random.default_rng(8)
    zs = [0.0012517644790932536 + 0.00042592210229486227j, -1e-9 + 2j, 1e-8 + 1e-8j, 0.3 - 0.2j,
          -0.5 + 1e-20j, 3 + 4j, 0j, complex(-0.0, 0.0), 20 - 1j, -30 + 0.5j]
    for scale in (1e-12, 1e-6, 1e-3, 0.1, 1, 5):
        zs += list((rng.standard_normal(40) + 1j * rng.standard_normal(40)) * scale)
    z = np.array(zs).astype(npdt)
    got = np.array(th.tensor(z.astype(complex).tolist(), dtype=getattr(th, dtype)).expm1()
                   .tolist(), dtype=complex)
    want = torch.from_numpy(z).expm1().numpy().astype(complex)
    eps = np.finfo(npdt).eps
    for zi, g, w in zip(z, got, want):
        with mpmath.workprec(200):
            exact = complex(mpmath.expm1(mpmath.mpc(float(zi.real), float(zi.imag))))
        # the real part's two terms may still cancel (torch's formula too):
        # a few ulp of the terms, not of their difference
        x, y = float(zi.real), float(zi.imag)
        terms = abs(np.expm1(x) * np.cos(y)) + 2 * np.sin(y / 2) ** 2
        for part in ("real", "imag"):
            gp, wp, ep = getattr(g, part), getattr(w, part), getattr(exact, part)
            tol = 2 * eps * (abs(ep) if part == "imag" else max(abs(ep), 2 * terms)) \
                + np.finfo(npdt).tiny
            assert abs(gp - ep) <= max(tol, abs(wp - ep)), (zi, part, gp, wp, ep)
    assert np.signbit(got[7].real) and got[7].imag == 0  # expm1(-0.0) is -0.0
    special = th.tensor([complex(INF, 0), complex(-INF, 1), complex(INF, 1)], dtype=getattr(th, dtype))
    assert special.expm1().tolist()[:2] == [complex(INF, 0), complex(-1, 0)]
    assert all(np.isinf([v.real, v.imag]).all() for v in special.expm1().tolist()[2:])


# ------------------------------------------- complex powers, as torch's
NAN, INF = float("nan"), float("inf")
SPECIAL_COMPLEX = [0j, 1j, -1j, 1 + 1j, -2 + 0.5j, 3 + 4j, complex(-0.0, 0.0),
                   complex(0.0, -0.0), complex(-1, 0), complex(-1, -0.0), complex(NAN, 0),
                   complex(0, NAN), complex(NAN, NAN), complex(INF, 0), complex(0, INF),
                   complex(INF, INF), complex(-INF, 1), complex(1, -INF), 1e-3 - 2e3j]


def same_bits(x, y):
    """The same float, NaN for NaN, -0.0 apart from 0.0."""
    if np.isnan(x) or np.isnan(y):
        return np.isnan(x) and np.isnan(y)
    return x == y and np.copysign(1, x) == np.copysign(1, y)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("exponent", [0, 1, 2, 3, -1, -2, 0.5, -0.5, 2.0, 0j, 2 + 0j, 1j,
                                      1.5 + 0.5j])
def test_complex_powers_are_torchs_to_the_bit(exponent, dtype):
    """z ** 0 is 1 for every z (0j and NaN parts too: not exp(0 * log z)),
    integer powers are products (1j ** 2 is exactly -1), ** 0.5 is sqrt;
    NaN and infinite parts come out as torch's."""
    torch = pytest.importorskip("torch")
    expected = (torch.tensor(SPECIAL_COMPLEX, dtype=getattr(torch, dtype)) ** exponent).tolist()
    z = th.tensor(SPECIAL_COMPLEX, dtype=getattr(th, dtype))
    # a tensor of exponents gives the same, element by element
    for got in ((z ** exponent).tolist(), (z ** th.full(z.shape, exponent, dtype=z.dtype)).tolist()):
        for x, y, w in zip(got, expected, SPECIAL_COMPLEX):
            assert same_bits(x.real, y.real) and same_bits(x.imag, y.imag), (w, x, y)


def test_integer_complex_powers_are_exact():
    z = th.tensor([1j, -1j, 1 + 1j, 0j, complex(NAN, NAN)])
    assert (z ** 2).tolist()[:3] == [-1 + 0j, -1 + 0j, 2j]
    assert (z ** 0).tolist() == [1 + 0j] * 5
    assert (z ** th.zeros(5, dtype=th.complex64)).tolist() == [1 + 0j] * 5
    assert (th.tensor([1j]) ** 7).tolist() == [-1j]  # not cpow's 1e-16 residue


@pytest.mark.parametrize("exponent", [4, 7, -3, -5, 12])
def test_larger_integer_complex_powers_match_torch_closely(exponent):
    """torch takes cpow beyond its special exponents; th multiplies out
    (exact for 1j ** 7): both agree within rounding."""
    torch = pytest.importorskip("torch")
    values = [v for v in SPECIAL_COMPLEX if np.isfinite(v) and v != 0]
    expected = (torch.tensor(values, dtype=torch.complex128) ** exponent).numpy()
    got = (th.tensor(values, dtype=th.complex128) ** exponent).numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-13)


@pytest.mark.parametrize("exponent", [94, -43, 100, 1000, 65504])
def test_integer_complex_powers_are_as_close_to_exact_as_cpow(exponent):
    """th multiplies an integer power out (up to 2^24) where torch's tensor
    exponent takes exp(w log z): against mpmath, th's error stays within
    the one cpow would make (about |w log z| ulp) and is 0 for -1 ** 65504."""
    mpmath = pytest.importorskip("mpmath")
    zs = [2.0801680088043213, -5.426922798156738, 0.41858094930648804 + 0.3j, -1.0, 1j, 1.0001]
    got = (th.tensor(zs, dtype=th.complex128)
           ** th.full((len(zs),), exponent, dtype=th.complex128)).tolist()
    eps = np.finfo(np.float64).eps
    for z, g in zip(zs, got):
        with mpmath.workprec(300):
            exact = complex(mpmath.power(mpmath.mpc(z), exponent))
        if not np.isfinite(abs(exact)) or abs(exact) == 0:
            continue
        bound = 8 * eps * (1 + abs(exponent * np.log(abs(complex(z)))) + abs(exponent))
        assert abs(g - exact) <= bound * abs(exact), (z, exponent, g, exact)
    assert got[3] == (1 if exponent % 2 == 0 else -1) + 0j  # -1 ** n, exactly


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("mode", ["trunc", "floor"])
def test_half_rounded_division_rounds_once_wherever_the_element_is(dtype, mode):
    """The quotient is truncated or floored in float32, then rounded once to
    the half type: the same for one element as for a long tensor (torch's
    vector lanes round the quotient first: -75 for -70.375 / 0.9385)."""
    rng = np.random.default_rng(3)
    a = th.tensor((rng.standard_normal(1000) * 100).tolist()).to(getattr(th, dtype))
    b = th.tensor(rng.standard_normal(1000).tolist()).to(getattr(th, dtype))
    whole = th.div(a, b, rounding_mode=mode).float().tolist()
    wide = th.div(a.float(), b.float(), rounding_mode=mode).to(getattr(th, dtype)).float()
    assert whole == wide.tolist() or np.array_equal(np.array(whole), wide.numpy(), equal_nan=True)
    for i in range(0, 1000, 97):
        one = th.div(a[i:i + 1], b[i:i + 1], rounding_mode=mode).float().tolist()
        assert one == whole[i:i + 1] or np.isnan(one[0]) and np.isnan(whole[i])
    if dtype == "float16":  # -74.99: exact in float16's inputs
        x = th.tensor([-70.375] * 40, dtype=th.float16)
        y = th.tensor([0.9384765625] * 40, dtype=th.float16)
        expected = -74.0 if mode == "trunc" else -75.0
        assert set(th.div(x, y, rounding_mode=mode).float().tolist()) == {expected}


# ------------------------- float16 and bfloat16 ops with a wider out=
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("out_dtype", ["float32", "float64", "complex64"])
def test_half_ops_round_to_their_dtype_before_a_wider_out(dtype, out_dtype):
    torch = pytest.importorskip("torch")
    big = 65504.0 if dtype == "float16" else 3.0e38
    for lib in (th, torch):
        a = lib.tensor([big, 0.1], dtype=getattr(lib, dtype))
        b = lib.tensor([big, 0.2], dtype=getattr(lib, dtype))
        out = lib.empty(2, dtype=getattr(lib, out_dtype))
        results = [lib.add(a, b, out=out).tolist(), lib.mul(a, 3, out=out).tolist(),
                   lib.exp(a * 0 + 11, out=out).tolist()]
        if lib is th:
            got = results
        else:
            assert got == results
    assert np.isinf(np.real(got[0][0]))


def test_a_half_op_read_by_a_wider_one_is_rounded_first():
    """as eager evaluation gives it: (f16 65504 * 2) is inf before + f32"""
    h = th.tensor([65504.0], dtype=th.float16)
    assert (th.lazy(h) * 2 + th.zeros(1)).eval().tolist() == [INF]
    assert ((h * 2) + th.zeros(1)).tolist() == [INF]
    f = th.zeros(1)
    f += th.lazy(h) * 2
    assert f.tolist() == [INF]


# ----------------------------------- addcmul, addcdiv: one promotion
ADDC_DTYPES = ["bool", "uint8", "int32", "int64", "float16", "bfloat16", "float32", "float64",
               "complex64"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["addcmul", "addcdiv"]),
       st.lists(st.tuples(st.sampled_from(ADDC_DTYPES), st.booleans()), min_size=3, max_size=3),
       st.sampled_from([1, 2, -1, 0.5, 1 / 3]))
def test_addcmul_addcdiv_promote_the_three_together_as_torch(fn, operands, value):
    """torch.result_type over all three (0-dim tensors against dimensioned
    ones by category), computed in that dtype (float16 in float32, rounded
    once; addcdiv's quotient too): values and dtype as torch's."""
    torch = pytest.importorskip("torch")
    names = [dt for dt, _ in operands]  # float16 with complex is complex32 in torch, not in th
    assume(not ("float16" in names and "complex64" in names))
    rng = np.random.default_rng(len(operands))
    data = [rng.uniform(0.5, 4, size=() if zero_dim else (5,)) for _, zero_dim in operands]

    def run(lib):
        ts = [lib.tensor(d.tolist(), dtype=getattr(lib, dt)) for d, (dt, _) in zip(data, operands)]
        return getattr(lib, fn)(*ts, value=value)

    try:
        expected = run(torch)
    except (RuntimeError, NotImplementedError):
        with pytest.raises((TypeError, ValueError, RuntimeError)):
            run(th)
        return
    if not isinstance(value, int) and not (expected.dtype.is_floating_point
                                           or expected.dtype.is_complex):
        return  # th refuses a float value= for integers (EXPRESSIONS.md); torch truncates it
    got = run(th)
    assert str(got.dtype).split(".")[1] == str(expected.dtype).split(".")[1]
    exact = fn == "addcdiv" and not expected.dtype.is_complex  # (complex /: C's, not c10's)
    if exact or expected.dtype in (torch.float16, torch.bfloat16):
        np.testing.assert_array_equal(np.array(got.tolist()), np.array(expected.tolist()))
    else:  # complex quotients (C's vs c10's) and products: within an ulp of the terms,
        # which reach 4 + 4/0.5 = 12 times |value| and may cancel to a small sum
        eps = 1e-6 if expected.dtype in (torch.float32, torch.complex64) else 1e-15
        np.testing.assert_allclose(np.array(got.tolist()), np.array(expected.tolist()),
                                   rtol=eps, atol=eps * 12 * max(1, abs(value)))


def test_addcmul_addcdiv_examples():
    b = th.tensor([True, False])
    h = th.tensor(1.5, dtype=th.float16)
    assert th.addcmul(b, h, b, value=2).dtype is th.float16
    r = th.addcdiv(th.zeros(2, dtype=th.float64), th.ones(2), th.full((2,), 3.0))
    assert r.dtype is th.float64 and r.tolist() == [1 / 3, 1 / 3]  # not float32's 1/3


# ------------------------------------------- subtracting bools, as torch
BOOL_SUB_CASES = {
    "f - b": lambda f, b: f - b, "b - f": lambda f, b: b - f, "b - b": lambda f, b: b - b,
    "b - 1": lambda f, b: b - 1, "1 - b": lambda f, b: 1 - b, "b - True": lambda f, b: b - True,
    "f - True": lambda f, b: f - True, "True - f": lambda f, b: True - f,
    "sub(f, b)": lambda f, b: f.sub(b), "sub(f, b, alpha=2)": lambda f, b: f.sub(b, alpha=2),
    "sub(b, f, alpha=2)": lambda f, b: b.sub(f, alpha=2),
    "sub(b, b, alpha=2)": lambda f, b: b.sub(b, alpha=2),
    "sub(f, True, alpha=2)": lambda f, b: f.sub(True, alpha=2),
    "sub(f, b, alpha=0.5)": lambda f, b: f.sub(b, alpha=0.5),
    "sub_(b)": lambda f, b: f.clone().sub_(b),
    "sub_(b, alpha=2)": lambda f, b: f.clone().sub_(b, alpha=2),
    "f -= b": lambda f, b: f.clone().__isub__(b), "b -= b": lambda f, b: b.clone().__isub__(b),
}


@pytest.mark.parametrize("case", list(BOOL_SUB_CASES))
def test_subtracting_a_bool_is_refused_as_torch_whatever_alpha(case):
    torch = pytest.importorskip("torch")
    form = BOOL_SUB_CASES[case]
    with pytest.raises(RuntimeError) as expected:
        form(torch.tensor([1.5, 2.0]), torch.tensor([True, False]))
    with pytest.raises(RuntimeError) as got:
        form(th.tensor([1.5, 2.0]), th.tensor([True, False]))
    assert str(expected.value) in str(got.value)
    with pytest.raises(RuntimeError, match="with a bool tensor"):
        th.sub(th.ones(2), th.tensor([True, False]), alpha=2, out=th.empty(2))
    with pytest.raises(RuntimeError, match="with a bool tensor"):
        th.sub(th.lazy(th.ones(2)), th.tensor([True, False]), alpha=3)


# -------------------------------- in-place ops never change their shape
INPLACE_BINARY = ["add_", "sub_", "mul_", "div_", "pow_", "remainder_", "floor_divide_",
                  "atan2_", "eq_", "ne_", "lt_", "le_", "gt_", "ge_", "logical_and_",
                  "logical_or_", "logical_xor_", "clamp_", "clip_", "__iadd__", "__isub__",
                  "__imul__", "__itruediv__", "__ifloordiv__", "__imod__", "__ipow__"]


@pytest.mark.parametrize("method", INPLACE_BINARY + ["bitwise_and_", "bitwise_or_",
                                                      "bitwise_xor_", "__iand__", "__ior__",
                                                      "__ixor__"])
@pytest.mark.parametrize("shapes", [((0,), (2, 0)), ((3,), (2, 3)), ((1,), (3,)),
                                    ((0, 3), (2, 1, 3))])
def test_inplace_ops_refuse_a_broadcast_shape_that_is_not_theirs(method, shapes):
    torch = pytest.importorskip("torch")
    dtype = "int32" if "and" in method or "or" in method else "float32"
    if dtype == "int32" and ("logical" in method):
        dtype = "float32"
    mine, other = shapes

    def run(lib):
        x = lib.ones(*mine, dtype=getattr(lib, dtype))
        try:
            getattr(x, method)(lib.ones(*other, dtype=getattr(lib, dtype)))
        finally:
            assert tuple(x.shape) == mine  # never resized, not even when empty
    with pytest.raises(RuntimeError) as expected:
        run(torch)
    with pytest.raises(RuntimeError) as got:
        run(th)
    assert str(expected.value) in str(got.value)


@pytest.mark.parametrize("method", INPLACE_BINARY)
def test_inplace_ops_work_when_the_shapes_agree(method):
    torch = pytest.importorskip("torch")
    for mine, other in [((0,), (0,)), ((0,), (1,)), ((0, 3), (3,)), ((2, 3), (3,)), ((2, 3), ())]:
        x = th.full(mine, 2.0)
        r = getattr(x, method)(th.full(other, 3.0))
        t = getattr(torch.full(mine, 2.0), method)(torch.full(other, 3.0))
        assert r is x and x.shape == mine and x.tolist() == t.tolist()


def test_inplace_ternary_and_rounding_forms_keep_their_shape():
    for call in (lambda x: x.addcmul_(th.ones(2, 3), th.ones(3)),
                 lambda x: x.addcdiv_(th.ones(2, 3), th.ones(3)),
                 lambda x: x.div_(th.ones(2, 3), rounding_mode="trunc"),
                 lambda x: x.clamp_(th.ones(2, 3), th.ones(3)),
                 lambda x: th.mul(x, th.ones(2, 3), out=x)):
        x = th.ones(3)
        with pytest.raises(RuntimeError, match=r"output with shape \[3\] doesn't match the "
                           r"broadcast shape \[2, 3\]"):
            call(x)
        assert x.shape == (3,)
    # an out that is not an operand is still out=: resized when empty
    out = th.empty(0)
    assert th.mul(th.ones(3), th.ones(2, 3), out=out).shape == (2, 3)


@pytest.mark.parametrize("value", [2.5, -1.7, 0.9, 3.0, True])
@pytest.mark.parametrize("dtype", ["uint8", "int16", "int64"])
def test_addcmul_of_integers_truncates_a_float_value_as_torch(dtype, value):
    torch = pytest.importorskip("torch")
    got = {}
    for lib in (th, torch):
        dt = getattr(lib, dtype)
        a, b, c = (lib.tensor(v, dtype=dt) for v in ([1, 2], [2, 3], [3, 4]))
        if dtype == "uint8" and value < 0:  # a negative float into uint8: both refuse
            with pytest.raises(ValueError if lib is th else RuntimeError,
                               match="cannot be converted"):
                lib.addcmul(a, b, c, value=value)
            continue
        got[lib] = lib.addcmul(a, b, c, value=value)
    if not got:
        return
    assert got[th].tolist() == got[torch].tolist()
    assert str(got[th].dtype).split(".")[1] == str(got[torch].dtype).split(".")[1]
    with pytest.raises(ValueError, match="value nan cannot be converted"):
        th.addcmul(th.ones(2, dtype=th.int64), th.ones(2, dtype=th.int64),
                   th.ones(2, dtype=th.int64), value=float("nan"))

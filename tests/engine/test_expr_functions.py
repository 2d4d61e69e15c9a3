"""The element-wise functions TH had beyond the operators (acos ... lerp,
docs/EXPRESSIONS.md), against torch 2.13: result dtypes and refusals for
every dtype, values (exact for integer, bool and test results; within a few
units in the last place for the transcendental ones; NaN, infinities, signed
zeros and poles exactly), methods, in-place forms, out=, operators, and each
op fused in a th.lazy expression. Where torch's own float32 arithmetic is
less accurate than th's (digamma, polygamma: docs/TORCH.md), torch's float64
result is the oracle."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")

inf, nan = math.inf, math.nan

UNARY = ["acos", "asin", "atan", "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
         "asinh", "acosh", "atanh", "arcsinh", "arccosh", "arctanh",
         "log10", "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma", "frac",
         "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "square",
         "deg2rad", "rad2deg", "nan_to_num"]
BINARY = ["fmod", "remainder", "copysign", "hypot", "logaddexp", "logaddexp2", "xlogy", "fmax",
          "fmin", "bitwise_left_shift", "bitwise_right_shift"]
PREDICATES = {"isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit"}
# torch has an in-place form (and so does th)
INPLACE = {"acos", "asin", "atan", "arccos", "arcsin", "arctan", "cosh", "sinh", "tan", "log2",
           "asinh", "acosh", "atanh", "arcsinh", "arccosh", "arctanh",
           "log10", "exp2", "sinc", "erf", "erfc", "erfinv", "lgamma", "digamma", "frac",
           "square", "deg2rad", "rad2deg", "nan_to_num", "fmod", "remainder", "copysign",
           "hypot", "xlogy", "bitwise_left_shift", "bitwise_right_shift"}
NO_OUT = {"isnan", "isinf", "isfinite"}  # torch's take no out=
# computed by th in double (or float32 for the half types) and rounded once,
# where torch computes float32 in float32: compared with torch's float64
TRUTH_FROM_FLOAT64 = {"digamma"}
ULPS = {"logaddexp": 4, "logaddexp2": 4}

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "float16", "bfloat16",
          "float32", "float64", "complex64", "complex128"]
FLOATS = ["float32", "float64"]
HALVES = ["float16", "bfloat16"]
INTS = ["uint8", "int8", "int16", "int32", "int64"]

SPECIAL = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, inf, -inf, nan, 1e-30, -1e-30, 3.5,
           -2.5, 0.999, -0.999, 10.0, 100.0, -7.25, 1e10, -1e10, 0.1, 5.9, -3.0, 1.4616321449683622,
           1e-310, 20.0, -20.0]


# ------------------------------------------------------------ converting
def as_torch(t):
    """torch's copy of a th tensor (bfloat16 through float32: exact)."""
    if t.dtype is th.bfloat16:
        return torch.from_numpy(t.float().numpy().copy()).to(torch.bfloat16)
    return torch.from_numpy(t.numpy().copy())


def as_th(t):
    if t.dtype == torch.bfloat16:
        return th.from_numpy(t.float().numpy().copy()).to(th.bfloat16)
    return th.from_numpy(t.numpy().copy())


def sample(dtype, n=300, seed=0):
    """SPECIAL and random values of torch dtype (integers: small and at the
    dtype's ends)."""
    g = torch.Generator().manual_seed(seed)
    if dtype.is_complex:
        re = torch.tensor(SPECIAL + (torch.randn(n, generator=g) * 3).tolist())
        im = torch.tensor(SPECIAL[::-1] + (torch.randn(n, generator=g) * 3).tolist())
        return torch.complex(re, im).to(dtype)
    if dtype == torch.bool:
        return torch.tensor([True, False, True, False, False])
    if not dtype.is_floating_point:
        info = torch.iinfo(dtype)
        small = torch.randint(max(info.min, -300), min(info.max, 300), (n,), generator=g)
        return torch.cat([small.to(dtype), torch.tensor([info.min, info.max], dtype=dtype)])
    wide = (torch.randn(n, generator=g) * 4).tolist() + (torch.rand(n, generator=g) * 2 - 1).tolist()
    return torch.tensor(SPECIAL + wide, dtype=torch.float64).to(dtype)


def ulps(got, want):
    """The largest |got - want| in units of the last place of want's dtype,
    0 where both are NaN or equal (signed zeros compared apart), inf where
    only one is NaN or infinite. Complex: relative to |want|."""
    if want.dtype.is_complex:
        g, w = got.to(torch.complex128), want.to(torch.complex128)
        same = (g == w) | ((g.real.isnan() | g.imag.isnan()) & (w.real.isnan() | w.imag.isnan()))
        finite = torch.isfinite(w.real) & torch.isfinite(w.imag)
        eps = torch.finfo(want.real.dtype).eps
        d = (g - w).abs() / (w.abs().clamp(min=torch.finfo(want.real.dtype).tiny) * eps)
        d[same] = 0
        d[~finite & ~same] = inf
        return float(d.max()) if d.numel() else 0.0
    g, w = got.double(), want.double()
    same = ((g == w) & (torch.signbit(g) == torch.signbit(w))) | (g.isnan() & w.isnan())
    info = torch.finfo(want.dtype)
    spacing = torch.maximum(w.abs(), torch.full_like(w, info.tiny)) * info.eps
    d = (g - w).abs() / spacing
    d[same] = 0
    d[torch.isnan(d) | (torch.isinf(g) != torch.isinf(w))] = inf
    return float(d.max()) if d.numel() else 0.0


def check_values(name, got, want, bound):
    got = as_torch(got)
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    if want.dtype.is_floating_point or want.dtype.is_complex:
        err = ulps(got, want)
        assert err <= bound, (name, want.dtype, err)
    else:
        assert torch.equal(got, want), (name, got, want)


# ------------------------------------------------------ dtypes, refusals
def torch_or_error(fn):
    try:
        return fn()
    except (RuntimeError, TypeError) as e:  # NotImplementedError is a RuntimeError
        return e


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", UNARY)
def test_unary_result_dtype_and_refusals_are_torchs(name, dtype):
    x = torch.ones(3, dtype=getattr(torch, dtype))
    want = torch_or_error(lambda: getattr(torch, name)(x))
    if dtype == "uint16" and isinstance(want, Exception) and "UInt16" in str(want):
        return  # torch has few kernels for the wide unsigned dtypes; th has them
    if isinstance(want, Exception):
        with pytest.raises(th.Error) as info:
            getattr(th, name)(as_th(x))
        if isinstance(want, NotImplementedError) or "not supported" in str(want):
            assert isinstance(info.value, th.UnsupportedDtype)
        assert name in str(info.value) or "nan_to_num" in str(info.value)
        return
    got = getattr(th, name)(as_th(x))
    assert got.dtype.name == str(want.dtype).split(".")[1]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", BINARY)
def test_binary_result_dtype_and_refusals_are_torchs(name, dtype):
    x = torch.ones(3, dtype=getattr(torch, dtype))
    want = torch_or_error(lambda: getattr(torch, name)(x, x))
    if dtype == "uint16" and isinstance(want, Exception) and "UInt16" in str(want):
        return  # torch has few kernels for the wide unsigned dtypes; th has them
    if isinstance(want, Exception):
        with pytest.raises(th.UnsupportedDtype, match=name):
            getattr(th, name)(as_th(x), as_th(x))
        return
    got = getattr(th, name)(as_th(x), as_th(x))
    assert got.dtype.name == str(want.dtype).split(".")[1]


@pytest.mark.parametrize("a,b", [("uint8", "int8"), ("int32", "float16"), ("float16", "bfloat16"),
                                 ("bool", "int16"), ("int64", "float64"), ("float32", "float64")])
@pytest.mark.parametrize("name", BINARY)
def test_binary_promotion_of_two_dtypes_is_torchs(name, a, b):
    x = torch.ones(2, dtype=getattr(torch, a))
    y = torch.full((2,), 2, dtype=getattr(torch, b))
    want = torch_or_error(lambda: getattr(torch, name)(x, y))
    if isinstance(want, Exception):
        with pytest.raises(th.Error):
            getattr(th, name)(as_th(x), as_th(y))
        return
    check_values(name, getattr(th, name)(as_th(x), as_th(y)), want, 0)


# -------------------------------------------------------------- values
@pytest.mark.parametrize("dtype", FLOATS + HALVES + INTS + ["bool", "complex64", "complex128"])
@pytest.mark.parametrize("name", UNARY)
def test_unary_values_are_torchs(name, dtype):
    x = sample(getattr(torch, dtype))
    want = torch_or_error(lambda: getattr(torch, name)(x))
    if isinstance(want, Exception):
        return  # (the refusals: above)
    got = getattr(th, name)(as_th(x))
    bound = 1 if dtype in HALVES else 8
    if name in TRUTH_FROM_FLOAT64 and not x.dtype.is_complex:
        if want.dtype == torch.float64:
            # against the exact value (torch's float64 is 400 ulps off near
            # the poles): ~4 ulps of 1 where psi's terms cancel (its root)
            mpmath = pytest.importorskip("mpmath")
            exact = torch.tensor([float(mpmath.digamma(v)) if math.isfinite(v) and not
                                  (v <= 0 and v == round(v)) else want[i].item()
                                  for i, v in enumerate(x.tolist())], dtype=torch.float64)
            assert scale_ulps(got, exact, exact.abs().clamp(min=1)) <= 8
            return
        want = getattr(torch, name)(x.double()).to(want.dtype)
        bound = 1
    if name in ("cosh", "sinh") and want.dtype == torch.float32:
        # torch's float32 vector lanes overflow between |x| = 88.7 and 89.4
        # (exp(x) / 2), where the result is finite: compare below that
        keep = x.double().abs() < 88
        got, want = as_th(as_torch(got)[keep]), want[keep]
    if dtype == "bfloat16" and name in ("erf", "erfinv"):
        # torch's bfloat16 erf gives 0 for tiny x (its vector erf underflows)
        keep = (x.float().abs() > 1e-20) | (x == 0) | x.isnan()
        got, want = as_th(as_torch(got)[keep]), want[keep]
    if x.dtype.is_complex:
        # torch and C99's complex functions differ in NaN or inf parts past
        # overflow (docs/TORCH.md): compare the finite results
        finite = torch.isfinite(want.real) & torch.isfinite(want.imag) if want.dtype.is_complex \
            else torch.ones_like(want, dtype=torch.bool)
        finite &= (x.real.abs() < 30) & (x.imag.abs() < 30)
        got, want = as_th(as_torch(got)[finite]), want[finite]
        bound = 64
    check_values(name, got, want, bound)


def scale_ulps(got, want, scale):
    """|got - want| in ulps of scale (results of a cancellation: logaddexp
    of operands of opposite signs, polygamma of a negative x)."""
    info = torch.finfo(want.dtype)
    g, w, s = as_torch(got).double(), want.double(), scale.double().abs()
    same = (g == w) | (g.isnan() & w.isnan())
    d = (g - w).abs() / (torch.maximum(s, torch.full_like(s, info.tiny)) * info.eps)
    d[same] = 0
    d[torch.isnan(d)] = inf
    return float(d.max())


@pytest.mark.parametrize("dtype", FLOATS + HALVES + INTS + ["bool", "complex64", "complex128"])
@pytest.mark.parametrize("name", BINARY)
def test_binary_values_are_torchs(name, dtype):
    t = getattr(torch, dtype)
    x = sample(t, seed=1)
    y = sample(t, seed=2)[torch.randperm(len(x), generator=torch.Generator().manual_seed(3))]
    if name.startswith("bitwise_") and dtype in INTS:
        y = (y.abs() % 80).to(t)  # counts in and beyond the width
        y[::7] = -1 if dtype != "uint8" else 200
    if name in ("fmod", "remainder") and dtype in INTS + ["bool"]:
        y = torch.where(y == 0, torch.ones_like(y), y)
    if name in ("fmod", "remainder") and t.is_floating_point:
        # torch's vector lanes give NaN for a quotient beyond double's range
        # (a subnormal divisor); th's is C's fmod, exact (docs/TORCH.md)
        y = torch.where(y.abs() < 1e-300, torch.ones_like(y), y)
    want = torch_or_error(lambda: getattr(torch, name)(x, y))
    if isinstance(want, Exception):
        return
    got = getattr(th, name)(as_th(x), as_th(y))
    if name in ("logaddexp", "logaddexp2") and not t.is_complex:
        # the larger operand plus a log1p: cancels when they have opposite
        # signs; within a few ulps of the larger magnitude
        scale = torch.maximum(torch.maximum(x.abs(), y.abs()), want.abs())
        assert scale_ulps(got, want, scale) <= (1 if dtype in HALVES else 4)
        return
    if t.is_complex:
        keep = (x.real.abs() < 30) & (y.real.abs() < 30) & (x.imag.abs() < 30) & (y.imag.abs() < 30)
        got, want = as_th(as_torch(got)[keep]), want[keep]
    check_values(name, got, want, 1 if dtype in HALVES else 4 if not t.is_complex else 64)


def test_special_values_are_torchs_exactly():
    """NaN, infinities, signed zeros and poles: equal to torch's, bit for bit
    in sign (float64 and float32)."""
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor(SPECIAL, dtype=dtype)
        for name in UNARY:
            want = getattr(torch, name)(x)
            if name in TRUTH_FROM_FLOAT64:
                want = getattr(torch, name)(x.double()).to(dtype)
            got = as_torch(getattr(th, name)(as_th(x)))
            if not want.dtype.is_floating_point:
                assert torch.equal(got, want), name
                continue
            special = ~torch.isfinite(want) | (want == 0)
            assert torch.equal(got[special].isnan(), want[special].isnan()), (name, x[special])
            finite = special & ~want.isnan()
            assert torch.equal(got[finite], want[finite]), (name, got[finite], want[finite])
            assert torch.equal(got[finite].signbit(), want[finite].signbit()), name


def test_erfinv_ends_and_round_trip():
    x = th.tensor([1.0, -1.0, 1.0000001, -2.0, nan, 0.0, -0.0])
    assert th.erfinv(x).tolist()[:2] == [inf, -inf]
    r = th.erfinv(x).tolist()
    assert all(math.isnan(v) for v in r[2:5]) and r[5:] == [0.0, -0.0]
    assert math.copysign(1, r[6]) == -1
    y = th.tensor(np.linspace(-1, 1, 20001)[1:-1])  # float64, to within 1e-16 of +-1
    back = th.erf(th.erfinv(y))
    assert np.abs(back.numpy() - y.numpy()).max() <= 4e-16
    want = torch.erfinv(torch.from_numpy(y.numpy()))
    assert ulps(as_torch(th.erfinv(y)), want) <= 4


def test_digamma_poles_and_known_values():
    x = th.tensor([0.0, -0.0, -1.0, -2.0, -inf, inf, nan, 1.0, 0.5], dtype=th.float64)
    r = th.digamma(x).tolist()
    assert r[:2] == [-inf, inf] and all(math.isnan(v) for v in r[2:5]) and r[5] == inf
    assert math.isnan(r[6])
    euler = 0.5772156649015329
    assert abs(r[7] + euler) <= 1.2e-16 and abs(r[8] - (-euler - 2 * math.log(2))) <= 4.5e-16


def test_polygamma_against_known_values_and_torch():
    pi2 = math.pi ** 2
    x = th.tensor([1.0, 0.5, 2.0], dtype=th.float64)
    assert np.allclose(th.polygamma(1, x).numpy(), [pi2 / 6, pi2 / 2, pi2 / 6 - 1], rtol=2e-16)
    # psi''(1) = -2 zeta(3)
    assert abs(th.polygamma(2, th.tensor([1.0], dtype=th.float64)).item()
               + 2 * 1.2020569031595942) <= 5e-16
    for n in (1, 2, 3, 4, 7):
        g = torch.Generator().manual_seed(n)
        x = torch.cat([torch.rand(500, generator=g) * 30 + 1e-3, -torch.rand(200, generator=g) * 20])
        x = x[(x - x.round()).abs() > 1e-3].double()
        want = torch.polygamma(n, x)
        got = th.polygamma(n, th.from_numpy(x.numpy()))
        # torch's trigamma is good to about 1e-9; its zeta, and th's sums for
        # a negative x, cancel terms up to |x|'s poles away
        rtol = 1e-8 if n == 1 else 1e-11
        assert np.allclose(got.numpy(), want.numpy(), rtol=rtol, atol=0), n
        f32 = th.polygamma(n, th.from_numpy(x.float().numpy()))
        truth = torch.polygamma(n, x.float().double()).float()
        assert np.allclose(f32.numpy(), truth.numpy(), rtol=1e-5 if n > 1 else 1e-6), n


def test_polygamma_special_values_are_torchs():
    x = torch.tensor([0.0, -0.0, -3.0, inf, -inf, nan, 1e-30], dtype=torch.float64)
    for n in (2, 3, 4):
        got = as_torch(th.polygamma(n, as_th(x)))
        want = torch.polygamma(n, x)
        assert torch.equal(got.isnan(), want.isnan()), n
        assert torch.equal(got[~got.isnan()][:-1], want[~want.isnan()][:-1]), n
    # n = 1 at 0 and the infinities as torch; at the negative integers th
    # gives the pole's inf where torch's reflection gives 1e32 (docs/TORCH.md)
    got = th.polygamma(1, th.tensor([0.0, inf, -inf, -1.0, -2.0], dtype=th.float64)).tolist()
    assert got[0] == inf and got[1] == 0 and math.isnan(got[2]) and got[3:] == [inf, inf]
    assert th.polygamma(0, th.tensor([2.0])).tolist() == th.digamma(th.tensor([2.0])).tolist()


def test_polygamma_argument_errors():
    with pytest.raises(TypeError, match="must be int"):
        th.polygamma(1.5, th.ones(2))
    with pytest.raises(th.ArgumentError, match="negative n"):
        th.polygamma(-1, th.ones(2))
    with pytest.raises(th.UnsupportedDtype, match="polygamma"):
        th.polygamma(2, th.ones(2, dtype=th.complex64))
    t = th.tensor([1.0, 2.0])
    assert t.polygamma(1).tolist() == th.polygamma(1, t).tolist()
    assert t.clone().polygamma_(2).tolist() == th.polygamma(2, t).tolist()
    assert th.polygamma(1, th.tensor([1, 2])).dtype is th.float32


def test_lgamma_is_libms_and_thread_safe():
    x = torch.linspace(-30, 30, 1 << 20, dtype=torch.float32)  # threads: 4 MiB
    got = as_torch(th.lgamma(as_th(x)))
    want = torch.lgamma(x.double()).float()  # (glibc's lgammaf: torch's differs by an ulp)
    keep = (x - x.round()).abs() > 1e-3  # away from the zeros of lgamma at -2.5 ... -29.99
    assert scale_ulps(got[keep], want[keep], want[keep].abs().clamp(min=1)) <= 4
    assert torch.equal(got.isinf(), torch.lgamma(x).isinf())


# ------------------------------------------------------- integer rules
def test_fmod_and_remainder_sign_rules():
    a = th.tensor([5, -5, 5, -5])
    b = th.tensor([3, 3, -3, -3])
    assert th.fmod(a, b).tolist() == [2, -2, 2, -2]  # the dividend's sign
    assert th.remainder(a, b).tolist() == [2, 1, -1, -2]  # the divisor's
    f = th.tensor([5.0, -5.0, -0.0, inf, 1.0])
    assert th.fmod(f, th.tensor([3.0, 3.0, 1.0, 1.0, inf])).tolist()[:3] == [2.0, -2.0, -0.0]
    assert th.fmod(th.tensor([-2 ** 63]), -1).tolist() == [0]
    assert th.fmod(th.tensor([7], dtype=th.uint8), 255).tolist() == [7]


@pytest.mark.parametrize("dtype", INTS)
def test_integer_fmod_by_zero_raises_as_torch(dtype):
    x = th.tensor([5, 1], dtype=getattr(th, dtype))
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        th.fmod(x, th.tensor([1, 0], dtype=getattr(th, dtype)))
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        th.fmod(x, 0)
    assert th.fmod(x.float(), 0).isnan().all()


@pytest.mark.parametrize("dtype", INTS)
def test_shifts_and_their_operators(dtype):
    t = getattr(torch, dtype)
    a = sample(t, 200, seed=4)
    b = (sample(t, 200, seed=5).abs() % 70).to(t)
    for got, want in [(as_th(a) << as_th(b), a << b), (as_th(a) >> as_th(b), a >> b),
                      (as_th(a) << 3, a << 3), (as_th(a) >> 2, a >> 2),
                      (th.bitwise_left_shift(as_th(a), as_th(b)), torch.bitwise_left_shift(a, b)),
                      ((th.lazy(as_th(a)) >> as_th(b)).eval(), a >> b)]:
        check_values("shift", got, want, 0)
    x = as_th(a)
    x <<= 1
    check_values("<<=", x, a << 1, 0)
    x >>= 2
    check_values(">>=", x, (a << 1) >> 2, 0)
    assert (1 << th.tensor([1, 2])).tolist() == [2, 4]
    assert (th.lazy(th.tensor([2])) << 1).eval().tolist() == [4]
    assert (16 >> th.lazy(th.tensor([2]))).eval().tolist() == [4]


def test_shift_edges_are_torchs():
    a = torch.tensor([1, -1, 5, -128, 127], dtype=torch.int8)
    for b in (torch.tensor([0, 3, 7, 8, 100], dtype=torch.int8), torch.full((5,), -1, dtype=torch.int8)):
        check_values("<<", as_th(a) << as_th(b), a << b, 0)
        check_values(">>", as_th(a) >> as_th(b), a >> b, 0)
    big = torch.tensor([-5, 5])
    for n in (63, 64, 1000):
        check_values(">>", as_th(big) >> n, big >> n, 0)
        check_values("<<", as_th(big) << n, big << n, 0)
    with pytest.raises(th.UnsupportedDtype):
        th.ones(2) << 1
    with pytest.raises(th.UnsupportedDtype):
        th.tensor([True]) << th.tensor([True])


def test_fmax_fmin_ignore_nan_and_order_zeros():
    x = th.tensor([1.0, nan, nan, -0.0, 0.0])
    y = th.tensor([nan, 2.0, nan, 0.0, -0.0])
    tx, ty = as_torch(x), as_torch(y)
    for f in ("fmax", "fmin"):
        got = as_torch(getattr(th, f)(x, y))
        want = getattr(torch, f)(tx, ty)
        assert ulps(got, want) == 0
    assert th.fmax(th.tensor([True, False]), th.tensor([False, False])).tolist() == [True, False]


# -------------------------------------------------------------- lerp
@pytest.mark.parametrize("dtype", FLOATS + HALVES + ["complex64", "complex128"])
def test_lerp_scalar_and_tensor_weights(dtype):
    t = getattr(torch, dtype)
    a, b = sample(t, 100, seed=6), sample(t, 100, seed=7)
    w = sample(t, 100, seed=8)
    finite = torch.isfinite(a) & torch.isfinite(b) if not t.is_complex else \
        (a.abs() < 1e3) & (b.abs() < 1e3)
    a, b, w = a[finite], b[finite], w[finite]
    bound = 1 if not t.is_complex else 64
    for weight in (0.25, 0.75, -1.5, 2, 0.1):
        check_values("lerp", th.lerp(as_th(a), as_th(b), weight), torch.lerp(a, b, weight), bound)
    if not t.is_complex:
        w = w.clamp(-4, 4)
    check_values("lerp", th.lerp(as_th(a), as_th(b), as_th(w)), torch.lerp(a, b, w),
                 bound if not t.is_complex else 1e6)


def test_lerp_broadcasts_and_refuses_what_torch_refuses():
    a = th.tensor([1.0, 2.0])
    b = th.tensor([[3.0], [5.0]])
    assert th.lerp(a, b, th.tensor(0.5)).tolist() == [[2.0, 2.5], [3.0, 3.5]]
    assert a.lerp(th.tensor([3.0, 4.0]), 0.5).tolist() == [2.0, 3.0]
    with pytest.raises(RuntimeError, match="doesn't match the broadcast shape"):
        a.clone().lerp_(b, 0.5)
    with pytest.raises(th.DtypeError, match="expected dtype float32 for `end`"):
        th.lerp(a, a.double(), 0.5)
    with pytest.raises(th.DtypeError, match="for `weight`"):
        th.lerp(a, a, th.tensor([0.5], dtype=th.float64))
    with pytest.raises(th.UnsupportedDtype, match="lerp"):
        th.lerp(th.tensor([1, 2]), th.tensor([1, 2]), 0.5)
    with pytest.raises(th.ArgumentError, match="cannot be converted"):
        th.lerp(a, a, 0.5j)
    with pytest.raises(TypeError, match="end"):
        th.lerp(a, 2.0, 0.5)
    o = th.empty(0)
    assert th.lerp(a, a * 3, 0.5, out=o) is o and o.tolist() == [2.0, 4.0]


# -------------------------------------------------------- nan_to_num
@pytest.mark.parametrize("dtype", FLOATS + HALVES)
def test_nan_to_num_defaults_and_values(dtype):
    t = getattr(torch, dtype)
    x = torch.tensor([nan, inf, -inf, 1.5, -0.0], dtype=t)
    check_values("nan_to_num", th.nan_to_num(as_th(x)), torch.nan_to_num(x), 0)
    kw = dict(nan=2.0, posinf=1e10, neginf=-3.0)
    check_values("nan_to_num", th.nan_to_num(as_th(x), **kw), torch.nan_to_num(x, **kw), 0)
    check_values("nan_to_num", th.nan_to_num(as_th(x), 1.0, 2.0, 3.0),
                 torch.nan_to_num(x, 1.0, 2.0, 3.0), 0)
    y = as_th(x)
    assert y.nan_to_num_(nan=7.0) is y
    check_values("nan_to_num_", y, torch.nan_to_num(x, nan=7.0), 0)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_nan_to_num_of_complex_replaces_each_part(dtype):
    t = getattr(torch, dtype)
    x = torch.tensor([complex(nan, inf), complex(-inf, 1), complex(1, -inf), complex(nan, nan),
                      2 - 3j], dtype=t)
    for kw in ({}, dict(nan=1.5, posinf=2.0, neginf=-3.0), dict(posinf=1e300)):
        check_values("nan_to_num", th.nan_to_num(as_th(x), **kw), torch.nan_to_num(x, **kw), 0)
    e = th.nan_to_num(th.lazy(as_th(x)))
    assert isinstance(e, th.Expr) and e.dtype.name == dtype
    check_values("nan_to_num", e.eval(), torch.nan_to_num(x), 0)


def test_nan_to_num_of_integers_copies():
    x = th.tensor([1, 2])
    y = th.nan_to_num(x)
    assert y.tolist() == [1, 2] and y.data_ptr() != x.data_ptr()
    with pytest.raises(TypeError, match="posinf"):
        th.nan_to_num(th.ones(2), posinf="big")


# ------------------------------------- methods, in place, out=, lazy
def call(name, *args, **kw):
    if name == "polygamma":
        return th.polygamma(2, *args, **kw)
    if name == "lerp":
        return th.lerp(args[0], args[0] * 2, 0.3, **kw)
    return getattr(th, name)(*args, **kw)


@pytest.mark.parametrize("name", UNARY + BINARY)
def test_method_inplace_and_out_forms(name):
    x = th.tensor([[0.25, -0.5, 2.0], [3.0, -1.5, 0.75]])
    args = (x,) if name in UNARY else (x, x.t().contiguous().t().flip(0) + 1)
    if name.startswith("bitwise_"):
        x = th.tensor([[1, -2, 3], [4, 5, -6]])
        args = (x, th.tensor([1, 2, 3]))
    want = call(name, *args)
    def same(a, b):
        return np.array_equal(a.numpy(), b.numpy(), equal_nan=a.dtype.is_floating_point)

    assert same(getattr(args[0], name)(*args[1:]), want)
    if name in INPLACE:
        y = args[0].clone()
        assert getattr(y, name + "_")(*args[1:]) is y
        assert same(y, want.to(y.dtype))
    else:
        assert not hasattr(th.Tensor, name + "_")
    if name in NO_OUT:
        with pytest.raises(TypeError):
            call(name, *args, out=th.empty(0, dtype=th.bool))
    else:
        o = th.empty(0, dtype=want.dtype)
        assert call(name, *args, out=o) is o and same(o, want)
        if name == "nan_to_num":  # torch requires out of the input's dtype
            with pytest.raises(th.DtypeError, match="dtype of out"):
                call(name, *args, out=th.empty(want.shape, dtype=th.float64))
        elif want.dtype.is_floating_point:  # the op's float32 value, widened
            wide = th.empty(want.shape, dtype=th.float64)
            call(name, *args, out=wide)
            assert same(wide, want.double())


def test_inplace_into_an_integer_tensor_is_refused_as_torch():
    for name in ("acos_", "deg2rad_", "erfinv_", "copysign_"):
        x = th.tensor([1, 0])
        args = () if name != "copysign_" else (x,)
        with pytest.raises(th.DtypeError, match="can't be cast"):
            getattr(x, name)(*args)
    with pytest.raises(th.DtypeError, match="can't be cast"):
        th.tensor([True]).square_()


FUSED = {  # name -> a lazy expression using it, and the same eagerly
    **{n: (lambda n: lambda a, b: getattr(th, n)(a * 0.5) + b)(n) for n in UNARY},
    **{n: (lambda n: lambda a, b: getattr(th, n)(a + 1, b) * 2)(n) for n in BINARY
       if not n.startswith("bitwise_")},
    "polygamma": lambda a, b: th.polygamma(3, abs(a) + 0.5) - b,
    "lerp": lambda a, b: th.lerp(a, b * 2, 0.3) + th.lerp(a * 1, b, b) * 1,
}


@pytest.mark.parametrize("name", sorted(FUSED))
def test_each_function_fuses_in_a_lazy_expression(name):
    a = th.tensor([[0.25, -0.5, 2.0], [3.0, -1.5, 0.75]])
    b = th.tensor([0.5, -0.25, 1.0])
    e = FUSED[name](th.lazy(a), b)
    assert isinstance(e, th.Expr)
    assert name.replace("arc", "a") in repr(e) or name in ("square", "deg2rad", "rad2deg",
                                                           "nan_to_num")
    eager = FUSED[name](a, b)
    got = e.eval()
    assert got.dtype is eager.dtype
    assert np.array_equal(got.numpy(), eager.numpy(), equal_nan=True), name


def test_integer_shifts_fuse():
    a = th.tensor([[1, 2], [3, -4]])
    e = (th.lazy(a) << 2) + th.bitwise_right_shift(th.lazy(a), 1)
    assert isinstance(e, th.Expr)
    assert e.eval().tolist() == [[4, 9], [13, -18]]


# ---------------------------------------------- layouts (hypothesis)
FLOAT_UNARY = ["acos", "asin", "atan", "cosh", "sinh", "tan", "log2", "log10", "exp2", "sinc",
               "erf", "erfc", "erfinv", "lgamma", "frac", "isnan", "isfinite", "signbit"]


@settings(max_examples=60)
@given(name=st.sampled_from(FLOAT_UNARY + ["hypot", "xlogy", "copysign", "fmod", "fmax"]),
       dtype=st.sampled_from(["float32", "float64", "float16"]),
       rows=st.integers(0, 9), cols=st.integers(1, 40),
       layout=st.sampled_from(["contiguous", "transposed", "broadcast", "strided", "0-dim"]),
       seed=st.integers(0, 2 ** 16))
def test_views_and_shapes_give_torchs_values(name, dtype, rows, cols, layout, seed):
    g = torch.Generator().manual_seed(seed)
    t = getattr(torch, dtype)
    base = (torch.rand(rows, cols, generator=g) * 4 - 2).to(t)
    if layout == "transposed":
        x = base.t()
    elif layout == "broadcast":
        x = base[:1].expand(rows, cols) if rows else base
    elif layout == "strided":
        x = base[:, ::2]
    elif layout == "0-dim":
        x = base.reshape(-1)[0] if base.numel() else torch.tensor(0.5, dtype=t)
    else:
        x = base
    tx = as_th(x.contiguous())
    if layout == "transposed":
        tx = as_th(base).t()
    elif layout == "broadcast" and rows:
        tx = as_th(base[:1]).expand(rows, cols)
    elif layout == "strided":
        tx = as_th(base)[:, ::2]
    if name in FLOAT_UNARY:
        want, got = getattr(torch, name)(x), getattr(th, name)(tx)
    else:
        y = x.flip(0) if x.ndim else x
        want, got = getattr(torch, name)(x, y), getattr(th, name)(tx, as_th(y.contiguous()))
    assert tuple(got.shape) == tuple(want.shape)
    check_values(name, got, want, 1 if dtype == "float16" else 8)


def test_empty_and_zero_dim():
    for name in UNARY:
        e = getattr(th, name)(th.empty(0, 3))
        assert tuple(e.shape) == (0, 3)
        z = getattr(th, name)(th.tensor(0.5))
        assert z.ndim == 0
        want = getattr(torch, name)(torch.tensor(0.5))
        assert z.item() == pytest.approx(want.item(), rel=1e-6, nan_ok=True)  # acosh(0.5)
    for name in BINARY:
        if name.startswith("bitwise_"):
            continue
        assert tuple(getattr(th, name)(th.empty(0), th.ones(1)).shape) == (0,)


@pytest.mark.parametrize("dtype", ["complex64", "complex128", "float32", "int64", "bool"])
def test_conj_is_torchs(dtype):
    """conj and conj_physical: the conjugate's values (-0.0 and NaN parts as
    torch's); a real input is conj's result itself, as in torch."""
    import numpy as np
    values = [1 + 2j, -0.0 - 3j, float("nan") + 1j, 0j] if dtype.startswith("complex") else \
        [1, 0, 1, 0]
    x = th.tensor(values).to(getattr(th, dtype))
    p = torch.tensor(values).to(getattr(torch, dtype))
    for ours, theirs in [(x.conj(), p.conj()), (th.conj_physical(x), torch.conj_physical(p)),
                         (x.t().conj_physical(), p.t().conj_physical())]:
        a, b = np.array(ours.tolist(), dtype=complex), np.array(theirs.tolist(), dtype=complex)
        assert ours.dtype.name == dtype and np.array_equal(a, b, equal_nan=True)
        assert np.array_equal(np.signbit(a.imag), np.signbit(b.imag))
    if not dtype.startswith("complex"):
        assert th.conj(x) is x
    out = th.empty(0, dtype=getattr(th, dtype))
    assert th.conj_physical(x, out=out) is out
    assert th.conj_physical(th.lazy(x)).dtype.name == dtype


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_add_with_alpha_and_addcmul_round_once_as_torch(dtype):
    """torch fuses alpha * other into the sum (a multiply-add), and addcmul's
    last product: th's values are torch's, bit for bit."""
    import numpy as np
    rng = np.random.default_rng(3)
    a, b, c = (rng.standard_normal((40, 25)).astype(np.float32) for _ in range(3))
    x, y, z = (th.tensor(v).to(getattr(th, dtype)) for v in (a, b, c))
    p, q, r = (torch.tensor(v).to(getattr(torch, dtype)) for v in (a, b, c))
    pairs = [(th.add(x, y, alpha=3.3), torch.add(p, q, alpha=3.3)),
             (th.sub(x, y, alpha=-0.7), torch.sub(p, q, alpha=-0.7)),
             (x.t().add(y.t(), alpha=0.1), p.t().add(q.t(), alpha=0.1)),
             (x.clone().add_(y, alpha=-1e-3), p.clone().add_(q, alpha=-1e-3)),
             (th.addcmul(x, y, z), torch.addcmul(p, q, r)),
             (th.addcmul(x, y, z, value=0.3), torch.addcmul(p, q, r, value=0.3))]
    for ours, theirs in pairs:
        assert ours.tolist() == theirs.tolist()


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_integer_complex_powers_that_leave_the_range_are_not_nan(dtype):
    """A chain of products that overflows (inf - inf: NaN) or underflows
    falls back to exp(w log z), which keeps the scale: torch's infinities
    and zeros."""
    import numpy as np
    for z in [complex(-2.0, 1.0), complex(0.5, 0.1)]:
        e = th.tensor([-4205, -300, 4205, 300], dtype=th.int16)
        ours = np.array((th.tensor([z] * 4, dtype=getattr(th, dtype)) ** e).tolist())
        theirs = np.array((torch.tensor([z] * 4, dtype=getattr(torch, dtype))
                           ** torch.tensor(e.tolist(), dtype=torch.int16)).tolist())
        assert not np.isnan(ours).any()
        np.testing.assert_allclose(ours, theirs, rtol=1e-4)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64"])
def test_remainder_zero_takes_the_divisors_sign(dtype):
    # docs/TORCH.md 'Arithmetic': a zero remainder has the divisor's sign, as
    # Python's float %, numpy and the array API say (torch 2.13 keeps the dividend's)
    a = [-0.0, 0.0, -0.0, 0.0, 4.0, -4.0, 4.0, -4.0, 3.0, -3.0, 1.0, -1.0, 1.0, -1.0, math.inf, math.nan]
    b = [2.0, 2.0, -2.0, -2.0, 2.0, 2.0, -2.0, -2.0, -2.0, 2.0, math.inf, math.inf, -math.inf,
         -math.inf, 2.0, 2.0]
    want = np.array([x % y for x, y in zip(a, b)])  # Python's float %
    x, y = th.tensor(a, dtype=getattr(th, dtype)), th.tensor(b, dtype=getattr(th, dtype))
    forms = {"tensor % tensor": x % y, "th.remainder": th.remainder(x, y),
             "lazy": (th.lazy(x) % y).eval(), "in place": x.clone().remainder_(y),
             "number divisor": th.stack([th.remainder(x[i:i + 1], b[i]) for i in range(len(b))]
                                        ).view(-1),
             "number dividend": th.stack([th.remainder(a[i], y[i:i + 1]) for i in range(len(a))]
                                         ).view(-1)}
    for form, got in forms.items():
        got = got.double().numpy()
        np.testing.assert_array_equal(got, want, err_msg=form)
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want), err_msg=form)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(np.signbit(want), np.signbit(np.remainder(a, b)))

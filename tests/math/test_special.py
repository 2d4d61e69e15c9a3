"""th.special against torch.special (torch 2.13, computed here): the aliases
are th's own functions; the compositions (logit, xlog1py, entr,
multigammaln, ndtr, log_ndtr, ndtri, erfcx, i0, i0e, i1, i1e) match torch's
values within the ulp bounds stated in TOLERANCES (each one says why it is
not 0), its result dtypes (integers and bool give the default float dtype),
its out= and its refusals (complex, the 16-bit floats where torch has no
kernel, numbers where a Tensor is due), over NaN, infinities, zeros,
negatives, the branch points of the approximations and non-contiguous views."""
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from torch_compare import assert_same, check, tensor_pairs, torch, torch_dtype, values

FLOATS = [th.float16, th.bfloat16, th.float32, th.float64]
BESSEL = ["modified_bessel_i0", "modified_bessel_i1", "modified_bessel_k0", "modified_bessel_k1",
          "scaled_modified_bessel_k0", "scaled_modified_bessel_k1", "spherical_bessel_j0"]
UNARY = ["logit", "entr", "ndtr", "log_ndtr", "ndtri", "erfcx", "i0", "i0e", "i1", "i1e"] + BESSEL
# torch has no float16 or bfloat16 kernel for these: it raises NotImplementedError
NO_HALF = {"log_ndtr", "ndtri", "erfcx"} | set(BESSEL)

# Bounds in ulp of the result's dtype, the measured maximum over ~12,000 points and a
# margin for the random views below (and why they are not 0):
# - th computes the Cephes series (i0..i1e, ndtri), erfcx and log_ndtr in float64 and rounds
#   once; torch computes float32 in float32 (with fewer Chebyshev terms for i1 and i1e), so
#   its float32 results are a few ulp from the true value and from th's (th's are the closer,
#   measured against scipy); in float64 both differ from the true value by a few ulp in
#   different places (Clenshaw's sum, libm's exp against torch's).
# - logit, entr, xlog1py and ndtr run torch's own operations in the input's type: the only
#   difference is the log or erf implementation (libm against torch's vectorised ones), 1 ulp
#   before the last operations, which can make 2-4 ulp after them.
# - float16 and bfloat16: one ulp (th rounds a float64 or float32 value once, torch a float32
#   value; the two differ at a rounding tie's neighbourhood).
TOLERANCES = {
    "logit": {"float32": 4, "float64": 2},
    "entr": {"float32": 2, "float64": 2},
    "xlog1py": {"float32": 2, "float64": 2},
    "ndtr": {"float32": 2, "float64": 2},      # plus an absolute eps: 1 + erf cancels below 0
    "log_ndtr": {"float32": 4, "float64": 4},
    "ndtri": {"float32": 4, "float64": 6},
    "erfcx": {"float32": 12, "float64": 12},
    "i0": {"float32": 8, "float64": 8},
    "i0e": {"float32": 8, "float64": 8},
    "i1": {"float32": 16, "float64": 16},     # both ~10 ulp from mpmath's I1 in float64
    "i1e": {"float32": 12, "float64": 12},
    # the same series as i0 and i1 (torch evaluates them in float32 for float32 here too)
    "modified_bessel_i0": {"float32": 8, "float64": 8},
    "modified_bessel_i1": {"float32": 16, "float64": 16},
    # K0 and K1 below 2 subtract log(x / 2) I(x) from a series: both lose a few bits there
    "modified_bessel_k0": {"float32": 12, "float64": 16},
    "modified_bessel_k1": {"float32": 8, "float64": 12},
    "scaled_modified_bessel_k0": {"float32": 12, "float64": 16},
    "scaled_modified_bessel_k1": {"float32": 8, "float64": 8},
    "spherical_bessel_j0": {"float32": 2, "float64": 4},   # libm's sin, torch's
}
# log_ndtr in float32 above x = 1.5: torch's float32 log1p(-erfc(t) / 2) is up to ~130 ulp
# from the true value there (its erfc's relative error, in a tiny result); th's float64 value
# rounded once is scipy's: that range is tested against scipy
SPECIAL = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 0.5, 2.0, -2.0, 8.0, -8.0,
           8.000001, 25.0, 26.6, -26.6, 26.8, -26.8, 30.0, -30.0, 100.0, -100.0, 1e-300, 1e-30]
PROBABILITIES = [0.0, 1.0, -0.1, 1.1, math.nan, 0.5, math.exp(-2), 1 - math.exp(-2), 1e-300,
                 1e-20, 1e-14, 1.27e-14, 1 - 1e-16, 0.125, 0.875, 1e-5, 0.3, math.inf]


def ulp_distance(result, expected, dtype):
    """|result - expected| in ulp of expected in dtype (NaN against NaN, and an
    infinity against the same infinity, are 0)."""
    a = values(result).astype(np.float64)
    b = values(expected).astype(np.float64)
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    name = str(dtype).split(".")[-1]
    if name == "bfloat16":
        tiny = 2.0 ** -133
        step = 2.0 ** (np.floor(np.log2(np.maximum(np.abs(b), 2.0 ** -126))) - 7)
    else:
        nd = np.dtype(name)
        tiny = float(np.finfo(nd).smallest_subnormal)
        step = np.abs(np.spacing(np.abs(b).astype(nd))).astype(np.float64)
    with np.errstate(invalid="ignore"):
        distance = np.where(same, 0.0, np.abs(a - b) / np.maximum(step, tiny))
    return np.where(np.isnan(distance), np.inf, distance)


def assert_close(result, expected, ulps, atol=0.0, dtype=None):
    """Same dtype and shape as torch's, values within ulps of dtype (the
    result's unless given) or atol."""
    assert str(result.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1]
    assert result.shape == tuple(expected.shape)
    distance = ulp_distance(result, expected, dtype or result.dtype)
    if atol:
        with np.errstate(invalid="ignore"):
            near = np.abs(values(result).astype(np.float64) - values(expected).astype(np.float64))
        distance = np.where(near <= atol, 0.0, distance)
    worst = int(np.argmax(distance)) if distance.size else 0
    assert distance.size == 0 or distance.max() <= ulps, (
        f"{distance.max()} ulp at input #{worst}: {values(result).ravel()[worst]} against "
        f"torch's {values(expected).ravel()[worst]}")


def bound(name, dtype):
    if dtype in (th.float16, th.bfloat16):
        return 1
    return TOLERANCES[name][str(dtype).split(".")[-1]]


def to_th(x):
    if x.dtype == torch.bfloat16:
        return th.from_numpy(x.float().numpy().copy()).to(th.bfloat16)
    return th.from_numpy(x.numpy().copy())


def grid(name, dtype):
    """A torch tensor of the inputs to test name on, in dtype."""
    rng = np.random.default_rng(sum(map(ord, name)))
    if name in ("ndtri", "logit"):
        data = np.concatenate([PROBABILITIES, rng.uniform(0, 1, 3000),
                               10.0 ** -rng.uniform(0, 300, 300),
                               1 - 10.0 ** -rng.uniform(0, 16, 300)])
    else:
        data = np.concatenate([SPECIAL, rng.normal(0, 3, 2000), rng.uniform(-40, 40, 1500),
                               np.linspace(-10, 10, 1001)])
    if name == "log_ndtr" and dtype is th.float32:
        data = data[~(data > 1.5)]
    return torch.from_numpy(data).to(torch_dtype(dtype))


def atol(name, dtype):
    # ndtr is (1 + erf(x / sqrt 2)) / 2: an ulp of erf near -1 is eps / 2 absolute
    return float(th.finfo(dtype).eps) if name == "ndtr" else 0.0


# ------------------------------------------------------------ the namespace
def test_the_namespace_is_a_module_of_th():
    import th.special as special
    assert th.special is special
    assert set(special.__all__) <= set(dir(torch.special))


ALIASES = {"digamma": th.digamma, "psi": th.digamma, "erf": th.erf, "erfc": th.erfc,
           "erfinv": th.erfinv, "exp2": th.exp2, "expm1": th.expm1, "log1p": th.log1p,
           "expit": th.sigmoid, "gammaln": th.lgamma, "polygamma": th.polygamma,
           "sinc": th.sinc, "round": th.round, "xlogy": th.xlogy, "logsumexp": th.logsumexp}


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_aliases_are_ths_functions(name):
    assert getattr(th.special, name) is ALIASES[name]
    x = torch.tensor([-1.5, -0.0, 0.25, 1.0, 3.0, math.inf, math.nan], dtype=torch.float64)
    if name == "polygamma":
        # torch's trigamma (6 terms of recurrence and a short series) is ~5e-10 off:
        # polygamma(1, 1) is 1.6449340676 there, pi ** 2 / 6 = 1.6449340668482264 in th
        check(lambda: th.special.polygamma(1, to_th(x)), lambda: torch.special.polygamma(1, x),
              rtol=1e-9)
    elif name == "xlogy":
        check(lambda: th.special.xlogy(to_th(x), to_th(x.flip(0))),
              lambda: torch.special.xlogy(x, x.flip(0)), rtol=1e-15)   # libm's log, torch's
    elif name == "logsumexp":
        check(lambda: th.special.logsumexp(to_th(x[:5]), 0),
              lambda: torch.special.logsumexp(x[:5], 0))
    else:
        check(lambda: getattr(th.special, name)(to_th(x)),
              lambda: getattr(torch.special, name)(x), rtol=1e-15)


def torch_parameters(name):
    """The parameter names in torch.special's docstring's signature line."""
    line = getattr(torch.special, name).__doc__.strip().splitlines()[0]
    inside = re.match(rf"{name}\((.*)\)", line).group(1)
    return [p.split("=")[0].strip() for p in inside.split(",")]


@pytest.mark.parametrize("name", [n for n in th.special.__all__ if n not in ALIASES])
def test_signatures_are_torchs(name):
    import inspect
    ours = inspect.signature(getattr(th.special, name))
    names = []
    for p in ours.parameters.values():
        if p.kind is p.KEYWORD_ONLY and "*" not in names:
            names.append("*")
        names.append(p.name)
    assert names == torch_parameters(name)


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
def test_softmax_and_log_softmax(fn, dtype):
    x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.0, math.inf]], dtype=torch_dtype(dtype))
    for dim in (0, 1, -1):
        check(lambda: getattr(th.special, fn)(to_th(x), dim),
              lambda: getattr(torch.special, fn)(x, dim), rtol=1e-6)
        check(lambda: getattr(th.special, fn)(to_th(x), dim, dtype=th.float64),
              lambda: getattr(torch.special, fn)(x, dim, dtype=torch.float64), rtol=1e-12)
    with pytest.raises(TypeError):
        getattr(th.special, fn)(to_th(x), 0, th.float64)  # dtype by keyword only


# ------------------------------------------------------------ values against torch
@pytest.mark.parametrize("name, dtype", [(n, d) for n in UNARY for d in FLOATS
                                         if n not in NO_HALF or d in (th.float32, th.float64)])
def test_unary_values_match_torch(name, dtype):
    x = grid(name, dtype)
    expected = getattr(torch.special, name)(x)
    result = getattr(th.special, name)(to_th(x))
    assert_close(result, expected, bound(name, dtype), atol(name, dtype))


def test_log_ndtr_float32_tail_against_scipy():
    """Above x = 1.5 torch's float32 log_ndtr is up to ~130 ulp off; th's is
    within one ulp of the true value (scipy's float64 log_ndtr, rounded)."""
    scipy_special = pytest.importorskip("scipy.special")
    x = np.linspace(1.5, 14.0, 2001).astype(np.float32)
    result = values(th.special.log_ndtr(th.from_numpy(x)))
    truth = scipy_special.log_ndtr(x.astype(np.float64)).astype(np.float32)
    assert np.all(np.abs(result - truth) <= np.abs(np.spacing(truth)))


@pytest.mark.parametrize("dtype", FLOATS)
def test_logit_with_eps(dtype):
    x = grid("logit", dtype)
    for eps in (0.0, 1e-6, 0.1, 0.5, -1.0):
        expected = torch.special.logit(x, eps=eps)
        assert_close(th.special.logit(to_th(x), eps=eps), expected, bound("logit", dtype))


@pytest.mark.parametrize("dtype", FLOATS)
def test_xlog1py_values_and_zeros(dtype):
    rng = np.random.default_rng(5)
    a = np.concatenate([[0, 0, 0, 0, 1, -1, math.nan, math.inf, 0, 2],
                        rng.normal(0, 3, 500)])
    b = np.concatenate([[math.nan, -1, -2, math.inf, -1, -0.5, 1, 1, 0, math.nan],
                        rng.uniform(-1, 30, 500)])
    x = torch.from_numpy(a).to(torch_dtype(dtype))
    y = torch.from_numpy(b).to(torch_dtype(dtype))
    expected = torch.special.xlog1py(x, y)
    assert_close(th.special.xlog1py(to_th(x), to_th(y)), expected, bound("xlog1py", dtype))


def test_xlog1py_broadcasts_and_takes_numbers():
    x = torch.tensor([[0.0], [1.0], [2.5]])
    y = torch.tensor([-1.0, 0.0, 3.0])
    assert_close(th.special.xlog1py(to_th(x), to_th(y)), torch.special.xlog1py(x, y), 2)
    assert_close(th.special.xlog1py(2, to_th(y)), torch.special.xlog1py(2, y), 2)
    assert_close(th.special.xlog1py(to_th(x), 0.5), torch.special.xlog1py(x, 0.5), 2)
    xi = torch.tensor([0, 1, 2])
    assert_close(th.special.xlog1py(to_th(xi), 2), torch.special.xlog1py(xi, 2), 2)
    assert_close(th.special.xlog1py(to_th(xi), to_th(y.double())),
                 torch.special.xlog1py(xi, y.double()), 2)


@pytest.mark.parametrize("dtype", [th.float32, th.float64, th.int64])
@pytest.mark.parametrize("p", [1, 2, 3, 5])
def test_multigammaln(p, dtype):
    # the sum of p lgammas in float64, rounded once, against torch's float32 sum of float32
    # lgammas: relative 1e-6 (float32) with an absolute floor where the sum cancels near 0
    x = torch.tensor([0.5 * (p - 1) + 0.25, p, p + 0.5, 3.0, 10.0, 100.0, 1e4, math.inf,
                      math.nan], dtype=torch.float64)
    if dtype is th.int64:
        x = torch.tensor([p, p + 1, 10, 100])
    else:
        x = x.to(torch_dtype(dtype))
    expected = torch.special.multigammaln(x, p)
    tol = 1e-13 if dtype is th.float64 else 2e-6
    check(lambda: th.special.multigammaln(to_th(x), p), lambda: expected, rtol=tol, atol=tol)


def test_ndtri_inverts_ndtr_where_torch_does():
    p = torch.tensor([1e-300, 1e-100, 1e-20, 1e-10, 0.01, 0.3, 0.7, 0.99], dtype=torch.float64)
    x = th.special.ndtri(to_th(p))
    assert_close(th.special.ndtr(x)[3:], torch.special.ndtr(torch.special.ndtri(p))[3:], 8)


# ------------------------------------------------------------ dtypes, out=, refusals
@pytest.mark.parametrize("dtype", [th.bool, th.uint8, th.int32, th.int64])
@pytest.mark.parametrize("name", UNARY + ["multigammaln"])
def test_integers_give_the_default_float_dtype(name, dtype):
    x = torch.tensor([0, 1, 2, 5, 7]).to(torch_dtype(dtype))
    if name == "log_ndtr":
        x = torch.tensor([0, 1, 1, 0, 1]).to(torch_dtype(dtype))  # torch's float32 tail: above
    args = (2,) if name == "multigammaln" else ()
    if name == "multigammaln" and dtype is th.bool:
        check(lambda: th.special.multigammaln(to_th(x), 2),
              lambda: torch.special.multigammaln(x, 2))
        return
    expected = getattr(torch.special, name)(x, *args)
    assert_close(getattr(th.special, name)(to_th(x), *args), expected, 16, atol(name, th.float32))
    previous = th.get_default_dtype()
    th.set_default_dtype(th.float64)
    torch.set_default_dtype(torch.float64)
    try:
        expected = getattr(torch.special, name)(x, *args)
        assert_close(getattr(th.special, name)(to_th(x), *args), expected, 8,
                     atol(name, th.float64))
    finally:
        th.set_default_dtype(previous)
        torch.set_default_dtype(torch_dtype(previous))


@pytest.mark.parametrize("name", UNARY + ["xlog1py", "multigammaln"])
def test_refusals(name):
    def call(lib, x):
        fn = getattr(lib.special, name)
        if name == "xlog1py":
            return fn(x, x)
        return fn(x, 2) if name == "multigammaln" else fn(x)
    for make in (lambda lib: lib.tensor([1.0 + 1.0j]), lambda lib: lib.tensor([1.0, 2.0]).to(
            lib.float16), lambda lib: lib.tensor([1.0]).to(lib.bfloat16)):
        check(lambda: call(th, make(th)), lambda: call(torch, make(torch)),
              rtol=1e-2, atol=1e-2)
    if name != "xlog1py":
        check(lambda: call(th, 1.0), lambda: call(torch, 1.0))
    else:
        check(lambda: th.special.xlog1py(1.0, 2.0), lambda: torch.special.xlog1py(1.0, 2.0))
        check(lambda: th.special.xlog1py(th.tensor([1.0]), 1j),
              lambda: torch.special.xlog1py(torch.tensor([1.0]), 1j))


def test_argument_refusals():
    x, tx = th.tensor([2.0]), torch.tensor([2.0])
    for p in (0, -1, 1.5):
        check(lambda: th.special.multigammaln(x, p), lambda: torch.special.multigammaln(tx, p))
    check(lambda: th.special.logit(x, eps="a"), lambda: torch.special.logit(tx, eps="a"))


@pytest.mark.parametrize("name", UNARY + ["xlog1py", "multigammaln"])
def test_out(name):
    def call(lib, x, **kw):
        fn = getattr(lib.special, name)
        if name == "xlog1py":
            return fn(x, x, **kw)
        return fn(x, 2, **kw) if name == "multigammaln" else fn(x, **kw)
    x = torch.tensor([[0.1, 0.5], [0.9, 2.0]])
    for out_dtype in (torch.float32, torch.float64, torch.int64, torch.float16):
        for shape in ((2, 2), (0,), (4,)):
            t_out = torch.empty(shape, dtype=out_dtype)
            h_out = th.empty(shape, dtype=getattr(th, str(out_dtype).split(".")[-1]))
            expected, error = None, None
            try:
                expected = call(torch, x, out=t_out)
            except RuntimeError:
                error = RuntimeError
            if error:
                with pytest.raises(error):
                    call(th, to_th(x), out=h_out)
                continue
            result = call(th, to_th(x), out=h_out)
            assert result is h_out
            assert_close(result, expected, 16, dtype=th.float32)  # computed in float32


def test_empty_and_zero_dim():
    for name in UNARY:
        for x in (torch.empty(0, 3), torch.tensor(0.3)):
            expected = getattr(torch.special, name)(x)
            assert_close(getattr(th.special, name)(to_th(x)), expected, bound(name, th.float32))


@settings(max_examples=40, deadline=None)
@given(tensor_pairs(dtypes=[th.float32, th.float64], max_dims=3), st.sampled_from(UNARY))
def test_views(pair, name):
    """Any layout (permuted, strided, offset): torch's values and shape."""
    a, b = pair
    if name in ("ndtri", "logit"):
        a, b = a.abs() / (a.abs() + 1), b.abs() / (b.abs() + 1)   # IEEE operations: the same
    if name == "log_ndtr":
        a, b = a.clamp(max=1.5), b.clamp(max=1.5)    # torch's float32 tail (above)
    expected = getattr(torch.special, name)(b)
    result = getattr(th.special, name)(a)
    assert_close(result, expected, bound(name, a.dtype), atol(name, a.dtype))
    assert_same(a, b)       # the input is untouched


# ------------------------------------------------------------ orthogonal polynomials
POLYNOMIALS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
               "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t",
               "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
               "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he",
               "laguerre_polynomial_l", "legendre_polynomial_p"]
DEGREES = [-3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 20, 33, 60, 100, 129, 200, 513, -0.5,
           2.7, math.nan, math.inf]


def polynomial_grid(dtype, seed=0):
    """(x, n) torch tensors: the ends, NaN, infinities, points inside and
    outside [-1, 1] (shifted: [0, 1]), against every degree in DEGREES. A NaN
    x with n >= 2 is left out: torch returns an uninitialised variable there."""
    rng = np.random.default_rng(seed)
    xs = np.concatenate([[0, 1, -1, 0.5, 2, -2, math.inf, -math.inf, 1e-8, 0.999999, -0.999999],
                         rng.uniform(-1.2, 1.2, 120), rng.uniform(-5, 5, 40)])
    x, n = (a.ravel() for a in np.meshgrid(xs, DEGREES))
    x = np.concatenate([x, [math.nan] * 4])
    n = np.concatenate([n, [0, 1, -1, 0.5]])
    t = torch_dtype(dtype)
    return torch.from_numpy(x).to(t), torch.from_numpy(n).to(t)


def assert_polynomial_close(result, expected, n, dtype):
    """Torch's value, or within 64 (n + 1) eps of it relative to max(1, |value|):
    for n > 6 inside (-1, 1) torch takes cos(n acos x) and its kin, where one ulp of
    acos moves the result by n ulp (and V's and W's division by cos or sin of
    acos(x) / 2 by more near the ends; th's libm and torch's differ there); the
    recurrences are torch's roundings (tested exactly below)."""
    assert str(result.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1]
    assert result.shape == tuple(expected.shape)
    a = values(result).astype(np.float64)
    b = values(expected).astype(np.float64)
    degree = np.broadcast_to(values(n).astype(np.float64), b.shape)
    same = (a == b) | (np.isnan(a) & np.isnan(b))
    eps = float(th.finfo(dtype).eps)
    with np.errstate(invalid="ignore"):
        near = np.abs(a - b) <= 64 * (np.nan_to_num(np.abs(degree), posinf=0) + 1) * eps * \
            np.maximum(1, np.abs(b))
    bad = ~(same | near)
    assert not bad.any(), list(zip(a[bad][:5], b[bad][:5], degree[bad][:5]))


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("name", POLYNOMIALS)
def test_polynomials_match_torch(name, dtype):
    x, n = polynomial_grid(dtype)
    expected = getattr(torch.special, name)(x, n)
    assert_polynomial_close(getattr(th.special, name)(to_th(x), to_th(n)), expected, n, dtype)


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("name", POLYNOMIALS)
def test_polynomial_recurrences_are_torchs_bit_for_bit(name, dtype):
    """Where no trigonometric form is taken (Hermite, Laguerre, Legendre; the
    Chebyshev kinds for n <= 4 or outside (-1, 1)), th's steps round as
    torch's fused multiply-subtracts: the same bits, overflow to inf included."""
    rng = np.random.default_rng(7)
    chebyshev = "chebyshev" in name
    xs = rng.uniform(-1.2, 1.2, 200) if not chebyshev else np.concatenate(
        [rng.uniform(-4, -1.0001, 100), rng.uniform(1.0001, 4, 100)])
    if name.startswith("shifted"):
        xs = (xs + 1) / 2
    ns = [0, 1, 2, 3, 4] if chebyshev and not name.startswith("shifted") else [2, 3, 4]
    if not chebyshev:
        ns = [2, 3, 7, 20, 60, 128]
    elif not name.startswith("shifted"):
        ns = ns + [30, 200]   # outside [-1, 1] the recurrence runs for every n (to inf)
    x, n = (a.ravel() for a in np.meshgrid(xs, ns))
    t = torch_dtype(dtype)
    tx, tn = torch.from_numpy(x).to(t), torch.from_numpy(n.astype(np.float64)).to(t)
    expected = getattr(torch.special, name)(tx, tn)
    check(lambda: getattr(th.special, name)(to_th(tx), to_th(tn)), lambda: expected)


def test_polynomial_arguments():
    x = torch.tensor([0.25, 0.5, 2.0])
    for n in (3, 3.7, True, torch.tensor([1, 2, 3]), torch.tensor([2.0, 3.0, 4.0],
                                                                   dtype=torch.float64)):
        for name in POLYNOMIALS:
            theirs = n if not isinstance(n, torch.Tensor) else to_th(n)
            check(lambda: getattr(th.special, name)(to_th(x), theirs),
                  lambda: getattr(torch.special, name)(x, n))
    for name in ("chebyshev_polynomial_t", "hermite_polynomial_h", "legendre_polynomial_p"):
        n = torch.tensor([2, 3])
        check(lambda: getattr(th.special, name)(0.5, to_th(n)),
              lambda: getattr(torch.special, name)(0.5, n))
        xi = torch.tensor([1, 2, 3])
        check(lambda: getattr(th.special, name)(to_th(xi), 2),
              lambda: getattr(torch.special, name)(xi, 2))
        check(lambda: getattr(th.special, name)(0.5, 2), lambda: getattr(torch.special, name)(0.5, 2))
        for make in (lambda lib: lib.tensor([0.5 + 1j]), lambda lib: lib.tensor([0.5]).to(
                lib.float16), lambda lib: lib.tensor([0.5]).to(lib.bfloat16)):
            check(lambda: getattr(th.special, name)(make(th), 2),
                  lambda: getattr(torch.special, name)(make(torch), 2))
        for out_dtype in (th.float32, th.float64, th.int64):
            h_out = th.empty(0, dtype=out_dtype)
            t_out = torch.empty(0, dtype=torch_dtype(out_dtype))
            check(lambda: getattr(th.special, name)(to_th(x), 3, out=h_out),
                  lambda: getattr(torch.special, name)(x, 3, out=t_out))


# ------------------------------------------------------------ Bessel J and Y
BESSEL_JY = ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1"]


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("name", BESSEL_JY)
def test_bessel_j_and_y_match_torch(name, dtype):
    """Within 16 eps of torch's value relative to the oscillation's amplitude
    (|value|, at least 1 / sqrt(x)): near a zero a relative bound means
    nothing, and past 5 the phase x - pi/4 is rounded in the input's type
    by both (measured: at most 8 eps)."""
    rng = np.random.default_rng(11)
    data = np.concatenate([rng.uniform(-3, 30, 1500), rng.uniform(0, 6, 1000),
                           rng.uniform(0, 1000, 300), SPECIAL, [5.0, 5.0000001, 1e-6, 1e6]])
    x = torch.from_numpy(data).to(torch_dtype(dtype))
    expected = getattr(torch.special, name)(x)
    result = getattr(th.special, name)(to_th(x))
    assert str(result.dtype) == "th." + str(expected.dtype).split(".")[-1]
    a, b = values(result).astype(np.float64), values(expected).astype(np.float64)
    amplitude = np.maximum(np.abs(b), 1 / np.sqrt(np.maximum(np.abs(values(x)), 1)))
    with np.errstate(invalid="ignore"):
        ok = (a == b) | (np.isnan(a) & np.isnan(b)) | \
            (np.abs(a - b) <= 16 * float(th.finfo(dtype).eps) * amplitude)
    assert ok.all(), list(zip(values(x)[~ok][:5], a[~ok][:5], b[~ok][:5]))


@pytest.mark.parametrize("name", BESSEL_JY)
def test_bessel_j_and_y_dtypes_and_refusals(name):
    x = torch.tensor([0, 1, 7])
    expected = getattr(torch.special, name)(x)
    assert_close(getattr(th.special, name)(to_th(x)), expected, 8)
    for make in (lambda lib: lib.tensor([1.0 + 1j]), lambda lib: lib.tensor([1.0]).to(lib.float16),
                 lambda lib: lib.tensor([1.0]).to(lib.bfloat16), lambda lib: 1.0):
        check(lambda: getattr(th.special, name)(make(th)),
              lambda: getattr(torch.special, name)(make(torch)))
    out = th.empty(0, dtype=th.float64)
    assert getattr(th.special, name)(th.tensor([1.0, 2.0]), out=out) is out
    with pytest.raises(RuntimeError):
        getattr(th.special, name)(th.tensor([1.0]), out=th.empty(1, dtype=th.int64))


# ------------------------------------------------------------ Airy Ai
@pytest.mark.parametrize("dtype", [th.float32, th.float64])
def test_airy_ai_matches_torch(dtype):
    """Within a bound relative to the amplitude (|value|, and x^(-1/4) / sqrt(pi)
    where Ai oscillates, below 0): 32 eps in float64 (measured 16: torch's
    compiled series rounds differently); 80 eps in float32, where torch's float32
    power series between -2.09 and 2.09 loses up to 65 eps to cancellation (th's,
    in float64, is within an ulp of scipy's: the next test). zeta and the phase
    are rounded in the input's type, as torch's (sin, cos and exp multiply that
    rounding by zeta)."""
    rng = np.random.default_rng(13)
    data = np.concatenate([rng.uniform(-30, 10, 1500), rng.uniform(-2.5, 2.5, 1000),
                           rng.uniform(-1000, 110, 300), SPECIAL,
                           [2.09, -2.09, 2.0899, 8.3203353, 103.8, 103.9, 200.0]])
    x = torch.from_numpy(data).to(torch_dtype(dtype))
    expected = torch.special.airy_ai(x)
    result = th.special.airy_ai(to_th(x))
    assert str(result.dtype) == "th." + str(expected.dtype).split(".")[-1]
    a, b = values(result).astype(np.float64), values(expected).astype(np.float64)
    xv = values(x).astype(np.float64)
    amplitude = np.where(xv < 0, 0.5642 / np.maximum(np.abs(xv), 1) ** 0.25, np.abs(b))
    bound = (80 if dtype is th.float32 else 32) * float(th.finfo(dtype).eps)
    with np.errstate(invalid="ignore"):
        ok = (a == b) | (np.isnan(a) & np.isnan(b)) | (np.abs(a - b) <= bound * amplitude)
    assert ok.all(), list(zip(xv[~ok][:5], a[~ok][:5], b[~ok][:5]))


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
def test_airy_ai_series_against_scipy(dtype):
    scipy_special = pytest.importorskip("scipy.special")
    x = np.linspace(-2.09, 2.09, 2001).astype(values(th.empty(0, dtype=dtype)).dtype)
    result = values(th.special.airy_ai(th.from_numpy(x))).astype(np.float64)
    truth = scipy_special.airy(x.astype(np.float64))[0]
    assert np.all(np.abs(result - truth) <= 2 * np.abs(np.spacing(truth.astype(x.dtype))))


def test_airy_ai_dtypes_and_refusals():
    x = torch.tensor([-3, 0, 1, 200])
    assert_close(th.special.airy_ai(to_th(x)), torch.special.airy_ai(x), 8)
    for make in (lambda lib: lib.tensor([1.0 + 1j]), lambda lib: lib.tensor([1.0]).to(lib.float16),
                 lambda lib: 1.0):
        check(lambda: th.special.airy_ai(make(th)), lambda: torch.special.airy_ai(make(torch)))


# ------------------------------------------------------------ Hurwitz zeta
@pytest.mark.parametrize("dtype", [th.float32, th.float64])
def test_zeta_matches_torch(dtype):
    """torch sums in double for float32 too: th's float32 results are torch's bits
    (measured); float64 ones within 4 ulp (libm's pow against torch's, 2 measured)."""
    rng = np.random.default_rng(17)
    x = np.concatenate([[1, 0.5, 2, 2, 3, 2.5, math.nan, math.inf, 2, 2, 5, 1.0000001, 30, 100,
                         2, -1, 4],
                        rng.uniform(1, 20, 800), rng.uniform(1, 3, 300), rng.integers(1, 6, 100)])
    q = np.concatenate([[1, 1, 0, -2, -2.5, -2.5, 1, 1, math.inf, math.nan, 1e-3, 1, 2, 0.5,
                         -0.0, 1, -7.5],
                        rng.uniform(-10, 50, 800), rng.uniform(0.01, 3, 300), rng.uniform(-5, 5, 100)])
    t = torch_dtype(dtype)
    tx, tq = torch.from_numpy(x).to(t), torch.from_numpy(q).to(t)
    expected = torch.special.zeta(tx, tq)
    assert_close(th.special.zeta(to_th(tx), to_th(tq)), expected, 1 if dtype is th.float32 else 4)


def test_zeta_arguments():
    x, q = torch.tensor([2.0, 3.0]), torch.tensor([1.0, 2.0])
    check(lambda: th.special.zeta(to_th(x), 1.5), lambda: torch.special.zeta(x, 1.5), rtol=1e-6)
    check(lambda: th.special.zeta(2.0, to_th(q)), lambda: torch.special.zeta(2.0, q), rtol=1e-6)
    xi = torch.tensor([2, 3])
    check(lambda: th.special.zeta(to_th(xi), 1), lambda: torch.special.zeta(xi, 1), rtol=1e-6)
    check(lambda: th.special.zeta(to_th(x), to_th(q.double())),
          lambda: torch.special.zeta(x, q.double()), rtol=1e-12)
    check(lambda: th.special.zeta(2.0, 1.0), lambda: torch.special.zeta(2.0, 1.0))
    for make in (lambda lib: lib.tensor([2.0 + 1j]), lambda lib: lib.tensor([2.0]).to(lib.float16),
                 lambda lib: lib.tensor([2.0]).to(lib.bfloat16)):
        check(lambda: th.special.zeta(make(th), 1.0), lambda: torch.special.zeta(make(torch), 1.0))
    out = th.empty(0, dtype=th.float64)
    assert th.special.zeta(th.tensor([2.0, 3.0]), 1.0, out=out) is out
    with pytest.raises(RuntimeError):
        th.special.zeta(th.tensor([2.0]), 1.0, out=th.empty(1, dtype=th.int64))


# ------------------------------------------------------------ incomplete gamma
def gamma_grid(seed):
    """(a, x, temme): small and large a, x near a and far from it; temme marks where
    torch takes Temme's uniform asymptotic expansion (a > 20, x near a)."""
    rng = np.random.default_rng(seed)
    a = np.concatenate([rng.uniform(0, 5, 600), rng.uniform(0, 300, 600), 10 ** rng.uniform(-3, 5, 400)])
    x = np.concatenate([rng.uniform(0, 10, 600), a[600:1200] * rng.uniform(0.5, 1.5, 600),
                        a[1200:] * rng.uniform(0.8, 1.2, 400)])
    gap = np.abs(x - a) / a
    temme = ((a > 20) & (a < 200) & (gap < 0.3)) | ((a > 200) & (gap < 4.5 / np.sqrt(a)))
    return a, x, temme


@pytest.mark.parametrize("dtype", [th.float32, th.float64])
@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_incomplete_gamma_matches_torch(name, dtype):
    """Outside Temme's region: float64 within 16 eps absolute or 4e-12 relative (a tail's
    value is exp(a log x - x - lgamma(a)), whose rounding exp multiplies: up to 8e3 eps
    relative measured), float32 within 32 eps absolute (torch computes it in float32).
    Inside it torch's float64 expansion divides by sqrt(2 pi a) with pi in float32, 3e-8
    off: its values there are up to 4e-10 from scipy's and mpmath's, th's within 68 eps of
    scipy's (the next test); the bound there is 2e-9."""
    a, x, temme = gamma_grid(19)
    t = torch_dtype(dtype)
    ta, tx = torch.from_numpy(a).to(t), torch.from_numpy(x).to(t)
    expected = getattr(torch.special, name)(ta, tx)
    result = getattr(th.special, name)(to_th(ta), to_th(tx))
    assert str(result.dtype) == "th." + str(expected.dtype).split(".")[-1]
    r, e = values(result).astype(np.float64), values(expected).astype(np.float64)
    eps = float(th.finfo(dtype).eps)
    err = np.abs(r - e)
    if dtype is th.float64:
        ok = np.where(temme, err <= 2e-9, (err <= 16 * eps) | (err <= 4e-12 * np.abs(e)))
    else:
        ok = err <= 32 * eps
    assert ok.all(), list(zip(a[~ok][:5], x[~ok][:5], r[~ok][:5], e[~ok][:5]))


@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_incomplete_gamma_in_temmes_region_against_scipy(name):
    scipy_special = pytest.importorskip("scipy.special")
    rng = np.random.default_rng(23)
    a = np.concatenate([rng.uniform(20, 200, 500), 10 ** rng.uniform(2.3, 6, 300)])
    x = np.concatenate([a[:500] * rng.uniform(0.7, 1.3, 500),
                        a[500:] * (1 + rng.uniform(-4.5, 4.5, 300) / np.sqrt(a[500:]))])
    result = values(getattr(th.special, name)(th.from_numpy(a), th.from_numpy(x)))
    truth = getattr(scipy_special, name)(a, x)
    assert np.abs(result - truth).max() <= 128 * np.finfo(np.float64).eps


@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_incomplete_gamma_boundaries_and_arguments(name):
    values_ = [0.0, -0.0, -1.0, 0.5, 1.0, 3.0, math.inf, math.nan]
    a, x = (np.array(v, dtype=np.float64) for v in zip(*[(p, q) for p in values_ for q in values_]))
    ta, tx = torch.from_numpy(a), torch.from_numpy(x)
    check(lambda: getattr(th.special, name)(to_th(ta), to_th(tx)),
          lambda: getattr(torch.special, name)(ta, tx), rtol=1e-14, atol=1e-15)
    ai = torch.tensor([1, 2, 3])
    check(lambda: getattr(th.special, name)(to_th(ai), 2.0),
          lambda: getattr(torch.special, name)(ai, 2.0), rtol=1e-6)
    check(lambda: getattr(th.special, name)(2.0, to_th(ai)),
          lambda: getattr(torch.special, name)(2.0, ai), rtol=1e-6)
    check(lambda: getattr(th.special, name)(2.0, 1.0),
          lambda: getattr(torch.special, name)(2.0, 1.0))
    for half in (torch.float16, torch.bfloat16):
        h = torch.tensor([0.5, 1.0, 3.0, 7.0]).to(half)
        assert_close(getattr(th.special, name)(to_th(h), to_th(h.flip(0))),
                     getattr(torch.special, name)(h, h.flip(0)), 1)
    check(lambda: getattr(th.special, name)(th.tensor([1.0 + 1j]), th.tensor([1.0])),
          lambda: getattr(torch.special, name)(torch.tensor([1.0 + 1j]), torch.tensor([1.0])))
    check(lambda: getattr(th.special, name)(to_th(ai), to_th(ai.double())),
          lambda: getattr(torch.special, name)(ai, ai.double()), rtol=1e-14)
    out = th.empty(0, dtype=th.float64)
    one = th.tensor([1.0])
    assert getattr(th.special, name)(th.tensor([1.0, 2.0]), one, out=out) is out
    with pytest.raises(RuntimeError):
        getattr(th.special, name)(one, one, out=th.empty(1, dtype=th.int64))


@pytest.mark.parametrize("dtype", [th.float16, th.bfloat16])
@pytest.mark.parametrize("p", [1, 2, 3, 5])
def test_multigammaln_16_bit(p, dtype):
    """torch rounds x - j / 2 and each lgamma to the 16-bit type and sums them in
    float32: th does the same; its sum's rounding differs by an ulp at times."""
    x = torch.from_numpy(np.linspace(p / 2, 60, 500)).to(torch_dtype(dtype))
    assert_close(th.special.multigammaln(to_th(x), p), torch.special.multigammaln(x, p), 1)

"""The distributions of THTensorRandom.h (normal, exponential, cauchy,
log_normal, geometric, bernoulli, poisson, standard gamma, multinomial): for
one seed th draws torch 2.13's numbers bit for bit, in every dtype and
layout torch takes, leaves the generator where torch leaves it, refuses what
torch refuses, and the samples have the distributions' moments and shapes
(scipy's Kolmogorov-Smirnov and chi-square tests)."""
import ctypes
import math
import os

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
from th import _testcapi as capi

from helpers import LAYOUTS, laid_out

torch = pytest.importorskip("torch")
stats = pytest.importorskip("scipy.stats")

FLOATS = ["float16", "bfloat16", "float32", "float64"]


def both(fn, seed=7):
    """fn(lib, generator) for th and torch, each with a generator seeded
    seed, and then each generator's next draws (where torch left it)."""
    out = []
    for lib in (th, torch):
        g = lib.Generator().manual_seed(seed)
        values = fn(lib, g)
        out.append((np.array(values.tolist(), dtype=complex),
                    lib.randint(0, 2 ** 62, (3,), generator=g).tolist()))
    return out


def assert_torchs(fn, seed=7):
    (a, after_a), (b, after_b) = both(fn, seed)
    assert a.shape == b.shape
    assert np.array_equal(a, b, equal_nan=True), np.argwhere(~((a == b) | (np.isnan(a) & np.isnan(b))))
    assert after_a == after_b


# --------------------------------------------------- the same numbers as torch

@pytest.mark.parametrize("dtype", FLOATS + ["complex64", "complex128"])
@pytest.mark.parametrize("n", [1, 5, 15, 16, 17, 40, 1000])
def test_normal_is_torchs_bit_for_bit(dtype, n):
    """Contiguous fills of 16 or more take torch's blocks of 16 (float32 and
    the half types with its vectorised float math), shorter ones its serial
    Box-Muller in double with the second sample cached."""
    assert_torchs(lambda lib, g: lib.empty(n, dtype=getattr(lib, dtype)).normal_(
        1.5, 0.7, generator=g))


@pytest.mark.parametrize("dtype", FLOATS + ["complex128"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_normal_of_any_layout_is_torchs(dtype, layout):
    assert_torchs(lambda lib, g: laid_out(lib, dtype, layout).normal_(-2, 3.3, generator=g))


def test_randn_and_the_cached_sample_are_torchs():
    """An odd serial fill leaves the second Box-Muller sample in the
    generator: the next fill starts with it, a state saved carries it, and
    manual_seed drops it."""
    def fills(lib, g):
        parts = [lib.randn(3, generator=g), lib.randn(2, 3, generator=g).t(),
                 lib.randn(40, generator=g, dtype=lib.float64)]
        state = g.get_state()
        parts.append(lib.randn(1, generator=g, dtype=lib.float64))
        g.set_state(state)
        parts.append(lib.randn(1, generator=g, dtype=lib.float64))
        g.manual_seed(7)
        lib.randn(1, generator=g, dtype=lib.float64)
        g.manual_seed(7)
        parts.append(lib.randn(1, generator=g, dtype=lib.float64))
        return lib.cat([p.reshape(-1).double() for p in parts])
    assert_torchs(fills)
    for lib in (th, torch):
        lib.manual_seed(4)
    assert th.randn(2, 5).tolist() == torch.randn(2, 5).tolist()
    assert th.randn_like(th.zeros(3, dtype=th.float64)).tolist() == \
        torch.randn_like(torch.zeros(3, dtype=torch.float64)).tolist()


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("call", [
    lambda t, g: t.exponential_(2.5, generator=g),
    lambda t, g: t.exponential_(generator=g),
    lambda t, g: t.cauchy_(1, 2.5, generator=g),
    lambda t, g: t.log_normal_(0.5, 0.25, generator=g),
    lambda t, g: t.log_normal_(generator=g),
    lambda t, g: t.geometric_(0.3, generator=g),
    lambda t, g: t.bernoulli_(0.3, generator=g),
    lambda t, g: t.bernoulli_(generator=g),
])
@pytest.mark.parametrize("layout", ["contiguous", "permuted", "sliced"])
def test_one_draw_per_element_fills_are_torchs(dtype, call, layout):
    assert_torchs(lambda lib, g: call(laid_out(lib, dtype, layout), g))


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int8", "int16", "int32", "int64"])
def test_integer_fills_are_torchs(dtype):
    assert_torchs(lambda lib, g: lib.empty(300, dtype=getattr(lib, dtype)).bernoulli_(
        0.6, generator=g))
    if dtype != "bool":
        assert_torchs(lambda lib, g: lib.empty(300, dtype=getattr(lib, dtype)).geometric_(
            0.05, generator=g))


@pytest.mark.parametrize("p_dtype", ["float16", "bfloat16", "float32", "float64"])
@pytest.mark.parametrize("self_dtype", ["bool", "int32", "float16", "float32", "float64"])
def test_bernoulli_with_tensor_probabilities_is_torchs(p_dtype, self_dtype):
    def fill(lib, g):
        p = lib.rand(6, 1, generator=g).to(getattr(lib, p_dtype))
        t = lib.empty(5, 6, dtype=getattr(lib, self_dtype)).t()
        t.bernoulli_(p, generator=g)  # p broadcast along self's last dim
        return lib.cat([t.reshape(-1).double(),
                        lib.bernoulli(lib.rand(3, 4, generator=g).to(getattr(lib, p_dtype)),
                                      generator=g).reshape(-1).double()])
    assert_torchs(fill)


@pytest.mark.parametrize("dtype", FLOATS)
def test_poisson_is_torchs(dtype):
    """Rates below 10 multiply uniforms, from 10 on Hörmann's rejection
    (several draws a sample, as many as torch's); 0 draws nothing."""
    def fill(lib, g):
        rates = lib.cat([lib.rand(50, generator=g) * 10, lib.rand(50, generator=g) * 1000,
                         lib.zeros(2)]).to(getattr(lib, dtype))
        return lib.poisson(rates.reshape(2, 51).t(), generator=g)
    assert_torchs(fill)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_standard_gamma_is_torchs(dtype):
    """alpha below 1 is boosted (one more uniform), the rest is Marsaglia and
    Tsang's loop on the cached normal stream; alpha 0, negative or NaN give
    the dtype's smallest normal number, as torch's."""
    def fill(lib, g):
        alpha = lib.cat([lib.rand(60, generator=g) * 0.9, lib.rand(60, generator=g) * 50,
                         lib.tensor([0.0, -1.0, float("nan"), 1.0, 1e-30])])
        return lib._standard_gamma(alpha.to(getattr(lib, dtype)), generator=g)
    assert_torchs(fill)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("replacement", [False, True])
@pytest.mark.parametrize("n", [1, 3, 12])
@pytest.mark.parametrize("shape", [(12,), (5, 12), "transposed"])
def test_multinomial_is_torchs(dtype, replacement, n, shape):
    """Without replacement (or one sample): torch's exponential keys,
    largest first; with: binary search in each row's cumulative weights.
    (float16 keys tie often, and torch's topk orders ties its own way: all
    twelve without replacement are compared as a set.)"""
    def draw(lib, g):
        p = lib.rand(12, 5, generator=g) if shape == "transposed" else lib.rand(*shape,
                                                                                generator=g)
        p = (p * 0.9 + 0.1).to(getattr(lib, dtype))
        return lib.multinomial(p.t() if shape == "transposed" else p, n, replacement,
                               generator=g)
    if dtype == "float16" and n == 12 and not replacement:
        (a, after_a), (b, after_b) = both(draw)
        assert np.array_equal(np.sort(a, axis=-1), np.sort(b, axis=-1)) and after_a == after_b
        return
    assert_torchs(draw)


def test_multinomial_with_many_categories_is_torchs():
    assert_torchs(lambda lib, g: lib.multinomial(lib.rand(3, 5000, generator=g), 400, True,
                                                 generator=g))
    assert_torchs(lambda lib, g: lib.rand(2, 5000, generator=g).multinomial(
        1, generator=g))
    # past the categories of weight > 0, the zero keys tie: any order
    draws = th.multinomial(th.tensor([0.0, 1.0, 0.0, 0.0]), 3).tolist()
    assert draws[0] == 1 and len(set(draws)) == 3


@pytest.mark.parametrize("mean, std", [
    ("tensor", 2.5), (1.5, "tensor"), ("tensor", "tensor"), ("column", "row"),
    ("float64", "tensor"), ("tensor", "float64")])
def test_normal_with_tensor_parameters_is_torchs(mean, std):
    def draw(lib, g):
        def make(kind):
            if not isinstance(kind, str):
                return kind
            shape = {"column": (4, 1), "row": (3,)}.get(kind, (4, 3))
            t = lib.rand(*shape, generator=g) + 0.5
            return t.double() if kind == "float64" else t
        m, s = make(mean), make(std)
        return lib.normal(m, s, generator=g)
    assert_torchs(draw)
    a = th.normal(th.zeros(4, 3, dtype=th.float64), th.ones(3))
    assert a.dtype is th.float64 and a.shape == (4, 3)
    assert th.normal(0.0, th.ones(2, dtype=th.float64)).dtype is th.float64
    out = th.empty(0)
    assert th.normal(2.0, 1.0, (3, 2), out=out) is out and out.shape == (3, 2)
    assert th.normal(2.0, 1.0, size=(3,), dtype=th.float64).dtype is th.float64


# ------------------------------------------------------------ refusals

@pytest.mark.parametrize("call, error, match", [
    (lambda: th.zeros(3, dtype=th.int64).normal_(), NotImplementedError, "normal_"),
    (lambda: th.zeros(3).normal_(0, -1), RuntimeError, "std >= 0.0, but found std -1"),
    (lambda: th.zeros(3).normal_(0, float("nan")), ValueError, "std >= 0.0"),
    (lambda: th.zeros(3, dtype=th.int32).exponential_(), NotImplementedError, "exponential_"),
    (lambda: th.zeros(3, dtype=th.complex64).exponential_(), NotImplementedError, "complex64"),
    (lambda: th.zeros(3).exponential_(0), RuntimeError, "lambda > 0.0, but found lambda=0"),
    (lambda: th.zeros(3).exponential_(float("nan")), ValueError, "lambda=nan"),
    (lambda: th.zeros(3).cauchy_(0, 0), ValueError, "sigma > 0.0, but found sigma=0"),
    (lambda: th.zeros(3, dtype=th.int8).cauchy_(), NotImplementedError, "cauchy_"),
    (lambda: th.zeros(3).log_normal_(0, -1), ValueError, "std > 0.0, but found std=-1"),
    (lambda: th.zeros(3, dtype=th.bool).geometric_(0.5), NotImplementedError, "geometric_"),
    (lambda: th.zeros(3).geometric_(1), ValueError, r"p to be in \(0, 1\), but got p=1"),
    (lambda: th.zeros(3).geometric_(0), ValueError, "got p=0"),
    (lambda: th.zeros(3).bernoulli_(1.5), ValueError, r"\[0, 1\], but got p=1.5"),
    (lambda: th.zeros(3).bernoulli_(float("nan")), ValueError, "got p=nan"),
    (lambda: th.zeros(3, dtype=th.complex64).bernoulli_(0.5), NotImplementedError,
     "bernoulli_"),
    (lambda: th.zeros(3, dtype=th.uint16).bernoulli_(0.5), NotImplementedError, "uint16"),
    (lambda: th.zeros(3).bernoulli_(th.full((3,), 1.5)), ValueError, r"in \[0, 1\]"),
    (lambda: th.zeros(3).bernoulli_(th.full((4,), 0.5)), ValueError, "cannot be expanded"),
    (lambda: th.zeros(3).bernoulli_(th.ones(3, dtype=th.int64)), NotImplementedError,
     "probabilities"),
    (lambda: th.bernoulli(th.ones(3, dtype=th.int32)), NotImplementedError, "int32"),
    (lambda: th.zeros(3).expand(2, 3).normal_(), RuntimeError, "share memory"),
    (lambda: th.zeros(3).expand(2, 3).bernoulli_(th.ones(3) / 2), RuntimeError,
     "share memory"),
    (lambda: th.poisson(th.full((3,), -1.0)), ValueError, "non-negative"),
    (lambda: th.poisson(th.full((3,), float("nan"))), ValueError, "non-negative"),
    (lambda: th.poisson(th.ones(3, dtype=th.int64)), NotImplementedError, "poisson"),
    (lambda: th._standard_gamma(th.ones(3, dtype=th.float16)), NotImplementedError,
     "float16"),
    (lambda: th.normal(th.ones(3), -1.0), ValueError, "std >= 0.0, but found std -1"),
    (lambda: th.normal(0.0, -th.ones(3)), ValueError, "all elements of std >= 0.0"),
    (lambda: th.normal(th.ones(3), th.ones(4)), ValueError, "broadcast"),
    (lambda: th.normal(th.ones(3, dtype=th.int64), 1.0), NotImplementedError, "int64"),
    (lambda: th.normal(th.ones(3, dtype=th.complex64), 1.0), TypeError, "non-complex"),
    (lambda: th.normal(0.0, 1.0), TypeError, "size"),
    (lambda: th.multinomial(th.ones(3), 0), ValueError, "n_sample <= 0"),
    (lambda: th.multinomial(th.ones(3), 4), ValueError, "without replacement"),
    (lambda: th.multinomial(th.ones(2, 2, 2), 1), ValueError, "1 or 2 dim"),
    (lambda: th.multinomial(th.tensor(1.0), 1), ValueError, "1 or 2 dim"),
    (lambda: th.multinomial(th.ones(3, dtype=th.int64), 1), TypeError, "floating-point"),
    (lambda: th.multinomial(th.tensor([1.0, -1.0]), 1), ValueError, "element < 0"),
    (lambda: th.multinomial(th.tensor([1.0, float("inf")]), 1), ValueError, "`inf`"),
    (lambda: th.multinomial(th.tensor([0.0, 0.0]), 1), ValueError, "sum of probabilities"),
    (lambda: th.multinomial(th.tensor([[1.0, 1.0], [0.0, 0.0]]), 2, True), ValueError,
     "sum of probabilities <= 0"),
    (lambda: th.multinomial(th.tensor([1.0, -1.0]), 2, True), ValueError,
     "probability entry < 0"),
    (lambda: th.multinomial(th.tensor([1.0, float("inf")]), 2, True), ValueError,
     "infinity or NaN"),
    (lambda: th.multinomial(th.ones(3), 2, out=th.empty(0)), TypeError, "int64"),
])
def test_bad_input_is_refused_as_torch_refuses_it_and_draws_nothing(call, error, match):
    th.manual_seed(3)
    with pytest.raises(error, match=match):
        call()
    assert th.rand(2).tolist() == torch.rand(2, generator=torch.Generator().manual_seed(3)).tolist()


def test_torch_refuses_the_same_inputs():
    """The oracle for the refusals above: torch raises for each."""
    for call in [lambda: torch.zeros(3).exponential_(0), lambda: torch.zeros(3).geometric_(1),
                 lambda: torch.zeros(3).bernoulli_(1.5), lambda: torch.zeros(3).normal_(0, -1),
                 lambda: torch.poisson(torch.full((3,), -1.0)),
                 lambda: torch.multinomial(torch.tensor([0.0, 0.0]), 1),
                 lambda: torch.multinomial(torch.ones(3), 4),
                 lambda: torch.zeros(3, dtype=torch.int64).normal_()]:
        with pytest.raises(RuntimeError):
            call()


def test_empty_tensors_draw_nothing():
    for lib in (th, torch):
        lib.manual_seed(1)
        lib.empty(0).normal_()
        lib.empty(0, 3).exponential_()
        lib.empty(0).bernoulli_(0.5)
        assert lib.poisson(lib.empty(0, 2)).shape == (0, 2)
        assert lib.multinomial(lib.ones(0, 3), 2).shape == (0, 2)
    assert th.rand(3).tolist() == torch.rand(3).tolist()


# ------------------------------------------------------------------ shapes

N = 40000


def ks(sample, cdf):
    return stats.kstest(np.asarray(sample.double().tolist()), cdf).pvalue


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_samples_have_their_distributions(dtype):
    """Kolmogorov-Smirnov against scipy's distributions (a p-value below
    1e-4 would be a wrong transform, not bad luck: the seed is fixed)."""
    g = th.Generator().manual_seed(2024)
    t = lambda: th.empty(N, dtype=getattr(th, dtype))  # noqa: E731
    assert ks(t().normal_(1.5, 2.0, generator=g), stats.norm(1.5, 2.0).cdf) > 1e-4
    assert ks(t()[::2].normal_(0, 1, generator=g), stats.norm().cdf) > 1e-4
    assert ks(t().exponential_(3.0, generator=g), stats.expon(scale=1 / 3.0).cdf) > 1e-4
    assert ks(t().cauchy_(1, 0.5, generator=g), stats.cauchy(1, 0.5).cdf) > 1e-4
    assert ks(t().log_normal_(0.2, 0.5, generator=g),
              stats.lognorm(0.5, scale=math.exp(0.2)).cdf) > 1e-4
    gamma = th._standard_gamma(th.full((N,), 2.5, dtype=getattr(th, dtype)), generator=g)
    assert ks(gamma, stats.gamma(2.5).cdf) > 1e-4
    small = th._standard_gamma(th.full((N,), 0.4, dtype=getattr(th, dtype)), generator=g)
    assert ks(small, stats.gamma(0.4).cdf) > 1e-4
    c = th.empty(N // 2, dtype=th.complex128).normal_(0, 2.0, generator=g)
    parts = np.array(c.tolist())
    assert abs(np.var(parts.real) - 2.0) < 0.1 and abs(np.var(parts.imag) - 2.0) < 0.1


def counts_fit(sample, probabilities):
    """chi-square p-value of the counts of sample against probabilities"""
    counts = np.bincount(np.asarray(sample.tolist()).reshape(-1).astype(int),
                         minlength=len(probabilities))
    expected = np.asarray(probabilities) * counts.sum()
    keep = expected > 0
    assert counts[~keep].sum() == 0
    return stats.chisquare(counts[keep], expected[keep]).pvalue


def test_the_discrete_samples_have_their_distributions():
    g = th.Generator().manual_seed(99)
    geometric = th.empty(N, dtype=th.int64).geometric_(0.3, generator=g)
    k = np.arange(60)
    pmf = stats.geom(0.3).pmf(k)
    pmf[-1] += 1 - pmf.sum()
    assert counts_fit(th.minimum(geometric, th.tensor(59)), pmf) > 1e-4
    bern = th.empty(N, dtype=th.uint8).bernoulli_(0.3, generator=g)
    assert counts_fit(bern, [0.7, 0.3]) > 1e-4
    for rate in (3.5, 40.0):
        pois = th.poisson(th.full((N,), rate), generator=g).long()
        pmf = stats.poisson(rate).pmf(np.arange(200))
        pmf[-1] += 1 - pmf.sum()
        assert counts_fit(pois, pmf) > 1e-4
    weights = np.array([1.0, 0.0, 3.0, 6.0])
    draws = th.multinomial(th.tensor(weights), N, True, generator=g)
    assert counts_fit(draws, weights / weights.sum()) > 1e-4


@settings(max_examples=25, deadline=None)
@given(rows=st.integers(1, 4), k=st.integers(1, 30), data=st.data())
def test_multinomial_without_replacement_draws_distinct_nonzero_categories(rows, k, data):
    n = data.draw(st.integers(1, k))
    # zero or normal weights: a weight near the smallest subnormal underflows in the
    # race of weight / exponential draw and ties with the zeros, in torch too (about
    # 13% of the draws of torch.multinomial([1, 5e-324, 0, ...], 3) pick a zero)
    weight = st.one_of(st.just(0.0), st.floats(1e-3, 10))
    weights = np.array(data.draw(st.lists(weight, min_size=rows * k,
                                          max_size=rows * k))).reshape(rows, k)
    weights[:, 0] += 1  # no row of zeros
    got = th.multinomial(th.tensor(weights), n).tolist()
    for row, w in zip(got, weights):
        assert len(set(row)) == n
        nonzero = int((w > 0).sum())
        # the categories of weight 0 come only after every other one
        assert all(w[c] > 0 for c in row[:min(n, nonzero)])


# --------------------------------------------------------- the alias method

lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
for _name, _args in [("THTensor_multinomialAliasSetup", 3), ("THTensor_multinomialAliasDraw", 4)]:
    getattr(lib, _name).restype = ctypes.c_int
    getattr(lib, _name).argtypes = [ctypes.c_void_p] * _args


def test_the_alias_method_draws_the_weights_distribution():
    weights = th.tensor([0.5, 0.0, 2.0, 1.0, 0.25, 4.25])
    J, q = th.empty(0, dtype=th.int64), th.empty(0)
    assert lib.THTensor_multinomialAliasSetup(capi.tensor_address(weights),
                                              capi.tensor_address(J), capi.tensor_address(q)) == 0
    assert J.shape == q.shape == (6,)
    # each category's chance: q[i]/k of itself plus (1 - q[j])/k from each j aliased to it
    k, qs, js = 6, np.array(q.tolist()), np.array(J.tolist())
    chance = qs / k
    np.add.at(chance, js, (1 - qs) / k)
    assert np.allclose(chance, np.array(weights.tolist()) / 8.0, atol=1e-6)
    out = th.empty(N, dtype=th.int64)
    th.manual_seed(5)
    assert lib.THTensor_multinomialAliasDraw(capi.tensor_address(out), None,
                                             capi.tensor_address(J), capi.tensor_address(q)) == 0
    assert counts_fit(out, np.array(weights.tolist()) / 8.0) > 1e-4


def test_the_alias_method_writes_tables_of_the_right_size_through_their_strides():
    """J and q that have the categories' size already are written as they lie
    (a strided view keeps its strides, the elements between untouched), as
    every result of th's out= forms; the same tables as contiguous ones."""
    weights = th.tensor([0.5, 0.0, 2.0, 1.0, 0.25, 4.25])
    J, q = th.empty(0, dtype=th.int64), th.empty(0)
    assert lib.THTensor_multinomialAliasSetup(capi.tensor_address(weights),
                                              capi.tensor_address(J), capi.tensor_address(q)) == 0
    J_base, q_base = th.full((12,), -7, dtype=th.int64), th.full((12,), -7.0)
    J_view, q_view = J_base[::2], q_base[1::2]
    assert lib.THTensor_multinomialAliasSetup(capi.tensor_address(weights),
                                              capi.tensor_address(J_view),
                                              capi.tensor_address(q_view)) == 0
    assert J_view.stride() == (2,) and q_view.stride() == (2,)
    assert J_view.tolist() == J.tolist() and q_view.tolist() == q.tolist()
    assert J_base[1::2].tolist() == [-7] * 6 and q_base[0::2].tolist() == [-7.0] * 6


def test_the_alias_method_refuses_bad_tables():
    J, q = th.empty(0, dtype=th.int64), th.empty(0)
    for weights, error in [(th.tensor([1.0, -1.0]), ValueError), (th.zeros(3), ValueError),
                           (th.ones(2, 2), ValueError), (th.ones(3, dtype=th.int32),
                                                        NotImplementedError)]:
        with pytest.raises(error):
            lib.THTensor_multinomialAliasSetup(capi.tensor_address(weights),
                                               capi.tensor_address(J), capi.tensor_address(q))
    out, bad_J, q = th.empty(3, dtype=th.int64), th.tensor([0, 7]), th.ones(2)
    with pytest.raises(ValueError, match="not a category"):
        lib.THTensor_multinomialAliasDraw(capi.tensor_address(out), None,
                                          capi.tensor_address(bad_J), capi.tensor_address(q))


# ------------------------------------------------------------ ownership

def test_refused_allocations_are_memory_errors_and_leak_nothing():
    before = th.debug.live()
    p = th.rand(3, 40)
    calls = [lambda: th.randn(50), lambda: th.normal(th.ones(3), th.ones(3)),
             lambda: th.normal(0.0, th.ones(3)), lambda: th.poisson(th.ones(4)),
             lambda: th.multinomial(p, 5), lambda: th.multinomial(p, 5, True),
             lambda: th._standard_gamma(th.ones(4))]
    for call in calls:
        for after in range(1, 4):
            with th.debug.fail_allocations(after=after):
                try:
                    call()
                except MemoryError:
                    pass
    del p
    assert th.debug.live() == before


def test_results_and_arguments_hold_one_reference_each():
    mean, std, p = th.ones(2), th.ones(2), th.ones(3) / 2
    out = th.empty(0, dtype=th.int64)
    results = [th.randn(4), th.normal(mean, 1.0), th.normal(mean, std), th.poisson(mean),
               th.multinomial(p, 2, out=out), th.bernoulli(p), th.zeros(3).bernoulli_(p),
               th._standard_gamma(std)]
    for t in results + [mean, std, p]:
        assert t.refcount == 1 and t.storage().refcount == 2  # the tensor's and storage()'s
    assert results[4] is out


def test_the_alias_method_frees_what_it_took_when_memory_runs_out():
    weights, J, q = th.tensor([1.0, 2.0, 3.0]), th.empty(0, dtype=th.int64), th.empty(0)
    out = th.empty(4, 2, dtype=th.int64).t()  # not contiguous: drawn into a copy
    args = [capi.tensor_address(t) for t in (weights, J, q)]
    assert lib.THTensor_multinomialAliasSetup(*args) == 0  # J and q sized once
    failures = 0
    for after in range(1, 30):
        before = th.debug.live()
        with th.debug.fail_allocations(after=after) as failure:
            try:
                lib.THTensor_multinomialAliasSetup(*args)
                lib.THTensor_multinomialAliasDraw(capi.tensor_address(out), None, *args[1:])
            except MemoryError:
                failures += 1
        assert th.debug.live() == before
        if not failure.fired:
            break
    assert failures >= 4  # each of the three tables, the copy
    assert sorted(set(out.reshape(-1).tolist())) <= [0, 1, 2]

"""torch's statistics (th/_statistics.py) against torch 2.13: count_nonzero,
aminmax, std_mean, var_mean, nanmean, cov and corrcoef, over every dtype,
non-contiguous inputs, dims, corrections, weights, NaN and degenerate
inputs, and bad arguments (torch's exception classes)."""
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import DTYPES, check, pair, tensor_pairs, torch


def dims_of(data, nd, label="dim"):
    """None, one dim (maybe negative) or a tuple of distinct dims."""
    if nd == 0:
        return data.draw(st.sampled_from([None, 0, -1]), label=label)
    one = st.integers(-nd, nd - 1)
    many = st.lists(st.integers(0, nd - 1), unique=True, max_size=nd).map(tuple)
    return data.draw(st.one_of(st.none(), one, many), label=label)


def tolerance(dtype):
    return {th.float16: 2e-3, th.float32: 1e-5, th.complex64: 1e-5}.get(dtype, 1e-12)


# ------------------------------------------------- count_nonzero, aminmax
@given(tensor_pairs(dtypes=DTYPES, max_dims=4), st.data())
def test_count_nonzero_matches_torch(tensors, data):
    a, b = tensors
    dim = dims_of(data, a.dim())
    check(lambda: th.count_nonzero(a, dim), lambda: torch.count_nonzero(b, dim))
    check(lambda: th.count_nonzero(a), lambda: torch.count_nonzero(b))


def test_count_nonzero_counts_nan_and_refuses_repeated_dims():
    a, b = pair(np.array([[0.0, np.nan], [-0.0, 1.0]]))
    check(lambda: th.count_nonzero(a, 0), lambda: torch.count_nonzero(b, 0))
    check(lambda: th.count_nonzero(a, (0, 0)), lambda: torch.count_nonzero(b, (0, 0)))
    check(lambda: th.count_nonzero(a, 2), lambda: torch.count_nonzero(b, 2))


@given(tensor_pairs(dtypes=DTYPES, max_dims=3), st.data(), st.booleans())
def test_aminmax_matches_torch(tensors, data, keepdim):
    a, b = tensors
    dim = data.draw(st.sampled_from([None] + list(range(-a.dim(), a.dim()))), label="dim")
    check(lambda: th.aminmax(a, dim=dim, keepdim=keepdim),
          lambda: torch.aminmax(b, dim=dim, keepdim=keepdim))
    if not a.is_complex() and a.numel():
        r = th.aminmax(a, dim=dim, keepdim=keepdim)
        assert type(r).__name__ == "aminmax" and r.min is r[0] and r.max is r[1]


def test_aminmax_nan_and_bad_input():
    a, b = pair(np.array([[1.0, np.nan], [2.0, 3.0]]))
    check(lambda: th.aminmax(a, dim=1), lambda: torch.aminmax(b, dim=1))
    check(lambda: th.aminmax(a), lambda: torch.aminmax(b))
    check(lambda: th.aminmax(a, dim=2), lambda: torch.aminmax(b, dim=2))
    with pytest.raises(TypeError):
        th.aminmax(a, 0)  # (dim is keyword-only)


# ---------------------------------------------------- std_mean, var_mean
@pytest.mark.parametrize("fns", [(th.std_mean, torch.std_mean), (th.var_mean, torch.var_mean)],
                         ids=["std_mean", "var_mean"])
@given(tensors=tensor_pairs(dtypes=DTYPES, max_dims=3), data=st.data(), keepdim=st.booleans())
def test_spread_and_mean_match_torch(fns, tensors, data, keepdim):
    (a, b), (f, g) = tensors, fns
    dim = dims_of(data, a.dim())
    tol = dict(rtol=tolerance(a.dtype), atol=tolerance(a.dtype))
    correction = data.draw(st.sampled_from([None, 0, 1, 2, 0.5]), label="correction")
    check(lambda: f(a, dim, keepdim=keepdim, correction=correction),
          lambda: g(b, dim, keepdim=keepdim, correction=correction), **tol)
    unbiased = data.draw(st.booleans(), label="unbiased")
    check(lambda: f(a, dim, unbiased, keepdim), lambda: g(b, dim, unbiased, keepdim), **tol)
    check(lambda: f(a, unbiased), lambda: g(b, unbiased), **tol)
    check(lambda: f(a), lambda: g(b), **tol)


def test_spread_and_mean_bad_input():
    a, b = pair(np.arange(6.0).reshape(2, 3))
    check(lambda: th.std_mean(a, 3), lambda: torch.std_mean(b, 3))
    check(lambda: th.std_mean(a.to(th.int64)), lambda: torch.std_mean(b.long()))
    check(lambda: th.var_mean(a, 0, True, correction=1),
          lambda: torch.var_mean(b, 0, True, correction=1))
    with pytest.raises(TypeError):
        th.std_mean(a.tolist())


# ---------------------------------------------------------------- nanmean
@given(tensor_pairs(dtypes=DTYPES, max_dims=3), st.data(), st.booleans())
def test_nanmean_matches_torch(tensors, data, keepdim):
    a, b = tensors
    if a.is_floating_point() and a.dim() and a.numel():
        mask = data.draw(st.lists(st.booleans(), min_size=a.numel(), max_size=a.numel()))
        m = np.array(mask).reshape(a.shape)
        for index in zip(*np.nonzero(m)):
            a[tuple(int(i) for i in index)] = float("nan")
            b[tuple(int(i) for i in index)] = float("nan")
    dim = dims_of(data, a.dim())
    tol = dict(rtol=tolerance(a.dtype), atol=tolerance(a.dtype))
    check(lambda: th.nanmean(a, dim, keepdim), lambda: torch.nanmean(b, dim, keepdim), **tol)
    check(lambda: th.nanmean(a), lambda: torch.nanmean(b), **tol)
    if a.dtype == th.float32:
        check(lambda: th.nanmean(a, dim, dtype=th.float64),
              lambda: torch.nanmean(b, dim, dtype=torch.float64), **tol)


# ------------------------------------------------------- cov, corrcoef
@given(tensor_pairs(dtypes=DTYPES, max_dims=2), st.data())
def test_cov_and_corrcoef_match_torch(tensors, data):
    a, b = tensors
    n = a.shape[-1] if a.dim() else 1
    correction = data.draw(st.sampled_from([0, 1, 2]), label="correction")
    kw = {}, {}
    rng = np.random.default_rng(data.draw(st.integers(0, 100), label="seed"))
    if data.draw(st.booleans(), label="fweights") and a.dim():
        fw = rng.integers(0, 4, n)
        kw[0]["fweights"], kw[1]["fweights"] = pair(fw)
    # (torch 2.13 refuses one observation of integers or float16 with float64 aweights:
    # "expected m1 and m2 to have the same dtype", its mm of a float and a double)
    if data.draw(st.booleans(), label="aweights") and a.dim() and n > 1:
        aw = rng.random(n)
        kw[0]["aweights"], kw[1]["aweights"] = pair(aw)
    single = a.dtype not in (th.float64, th.complex128)  # (integers give float32)
    tol = dict(rtol=1e-4 if single else 1e-10, atol=1e-4 if single else 1e-10)
    if a.dtype == th.float16:
        tol = dict(rtol=2e-2, atol=2e-2)
    weights = np.ones(n) * (fw if "fweights" in kw[0] else 1)
    if "aweights" in kw[0]:  # numpy's and torch's degrees of freedom with weights
        dof = (weights * aw).sum() - correction * (weights * aw * aw).sum() / (weights * aw).sum()
    else:
        dof = weights.sum() - correction
    if a.is_complex() and dof <= 0:
        # (no degrees of freedom: cov divides by 0 or less, and th's mm leaves a rounding
        # error in the imaginary part of z * conj(z) (2e-9 in complex64) where torch's is
        # exactly 0, so inf*j against torch's nan*j; the division is th.div's, as torch's)
        correction = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(lambda: th.cov(a, correction=correction, **kw[0]),
              lambda: torch.cov(b, correction=correction, **kw[1]), **tol)
        check(lambda: th.corrcoef(a), lambda: torch.corrcoef(b), **tol)


def test_cov_warns_as_torch_where_the_degrees_of_freedom_run_out():
    a, b = pair(np.array([[1.0, 2.0]]))
    with pytest.warns(UserWarning, match="degrees of freedom"):
        r = th.cov(a, correction=2)
    with pytest.warns(UserWarning, match="degrees of freedom"):
        e = torch.cov(b, correction=2)
    np.testing.assert_array_equal(r.numpy(), e.numpy())


@pytest.mark.parametrize("make", [
    lambda m: m.cov(m.ones(2, 2, 2)),
    lambda m: m.cov(m.ones(2, 3, dtype=m.bool)),
    lambda m: m.cov(m.ones(2, 3), fweights=m.ones(3)),
    lambda m: m.cov(m.ones(2, 3), fweights=m.ones(2, dtype=m.int64)),
    lambda m: m.cov(m.ones(2, 3), fweights=m.ones(1, 3, dtype=m.int64)),
    lambda m: m.cov(m.ones(2, 3), fweights=-m.ones(3, dtype=m.int64)),
    lambda m: m.cov(m.ones(2, 3), aweights=m.ones(3, dtype=m.int64)),
    lambda m: m.cov(m.ones(2, 3), aweights=m.ones(4)),
    lambda m: m.cov(m.ones(2, 3), aweights=-m.ones(3)),
    lambda m: m.cov(m.ones(2, 3), fweights=m.zeros(3, dtype=m.int64)),
    lambda m: m.corrcoef(m.ones(2, 2, 2)),
    lambda m: m.corrcoef(m.ones(3)),
    lambda m: m.corrcoef(m.zeros(3)),
    lambda m: m.corrcoef(m.tensor([[1.0, 2.0, 4.0], [1.0, 1.0, 1.0]])),
])
def test_cov_and_corrcoef_refuse_and_degenerate_as_torch(make):
    check(lambda: make(th), lambda: make(torch))

"""The trapezoidal rule (th/_integration.py: trapezoid, trapz,
cumulative_trapezoid) against torch 2.13: sample points x of every layout
torch takes (1-D along dim, fewer dims, y's dims), a spacing dx, every
dim, integer and floating dtypes, empty dims and bad arguments."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import check, pair, tensor_pairs, torch

DTYPES = [th.int32, th.int64, th.float32, th.float64, th.complex64, th.bool]


def tolerance(*dtypes):
    single = any(d in (th.float32, th.complex64, th.int32, th.int64) for d in dtypes)
    return dict(rtol=1e-5, atol=1e-5) if single else dict(rtol=1e-12, atol=1e-12)


@given(tensor_pairs(dtypes=DTYPES, min_dims=1, max_dims=3), st.data())
def test_trapezoid_with_a_spacing_matches_torch(tensors, data):
    a, b = tensors
    dim = data.draw(st.integers(-a.dim(), a.dim() - 1), label="dim")
    dx = data.draw(st.sampled_from([None, 1, 0.5, -2.0]), label="dx")
    kw = {} if dx is None else {"dx": dx}
    tol = tolerance(a.dtype)
    check(lambda: th.trapezoid(a, dim=dim, **kw), lambda: torch.trapezoid(b, dim=dim, **kw),
          **tol)
    check(lambda: th.trapz(a, dim=dim, **kw), lambda: torch.trapz(b, dim=dim, **kw), **tol)
    check(lambda: th.cumulative_trapezoid(a, dim=dim, **kw),
          lambda: torch.cumulative_trapezoid(b, dim=dim, **kw), **tol)


@given(tensor_pairs(dtypes=DTYPES, min_dims=1, max_dims=3), st.data())
def test_trapezoid_with_sample_points_matches_torch(tensors, data):
    a, b = tensors
    dim = data.draw(st.integers(-a.dim(), a.dim() - 1), label="dim")
    kind = data.draw(st.sampled_from(["1-D", "trailing", "same"]), label="x layout")
    if kind == "1-D":
        shape = (a.shape[dim],)
    elif kind == "trailing":
        shape = a.shape[1:] if a.dim() > 1 else a.shape
    else:
        shape = a.shape
    xdtype = data.draw(st.sampled_from([np.float64, np.float32, np.int64]), label="x dtype")
    rng = np.random.default_rng(data.draw(st.integers(0, 99), label="seed"))
    x, y = pair(np.cumsum(rng.random(shape) * 3, axis=-1).astype(xdtype))
    tol = tolerance(a.dtype, x.dtype)
    check(lambda: th.trapezoid(a, x, dim=dim), lambda: torch.trapezoid(b, y, dim=dim), **tol)
    check(lambda: th.cumulative_trapezoid(a, x, dim=dim),
          lambda: torch.cumulative_trapezoid(b, y, dim=dim), **tol)


@pytest.mark.parametrize("make", [
    lambda m: m.trapezoid(m.tensor(3.0)),
    lambda m: m.cumulative_trapezoid(m.tensor(3.0)),
    lambda m: m.trapezoid(m.ones(2, 3), dim=2),
    lambda m: m.trapezoid(m.ones(2, 3), m.ones(4)),
    lambda m: m.cumulative_trapezoid(m.ones(2, 3), m.ones(2)),
    lambda m: m.trapezoid(m.ones(2, dtype=m.bool)),
    lambda m: m.trapezoid(m.ones(2), m.ones(2, dtype=m.bool)),
    lambda m: m.cumulative_trapezoid(m.ones(2), m.ones(2, dtype=m.bool)),
    lambda m: m.trapezoid(m.ones(2), dx=True),
    lambda m: m.trapezoid(m.ones(2), dx=1j),
    lambda m: m.trapezoid(m.ones(2), [0.0, 1.0]),
    lambda m: m.trapezoid(m.ones(2), m.ones(2), dx=2),
    lambda m: m.trapezoid(m.ones(2, 0)),
    lambda m: m.trapezoid(m.ones(2, 0), m.ones(0)),
    lambda m: m.cumulative_trapezoid(m.ones(2, 0)),
    lambda m: m.trapezoid(m.ones(3), dx=m.tensor(2.0)),
])
def test_trapezoid_edges_and_refusals_match_torch(make):
    check(lambda: make(th), lambda: make(torch))

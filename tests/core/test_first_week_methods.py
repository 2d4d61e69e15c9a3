"""The Tensor methods torch has over the first-week functions (th/_tensor.pyx
delegating to th/_elementwise.py, _statistics.py, _out_of_place.py and
_legacy_linalg.py) against torch 2.13's methods: each method gives its
function's result, the in-place forms write into the tensor and refuse a
result they cannot hold, as torch's."""
import warnings

import numpy as np
import pytest
from hypothesis import given

import th

from torch_compare import DTYPES, check, pair, tensor_pairs, torch

X = np.array([[0.3, -0.2, 0.0], [0.9, 0.5, -0.7]])
SPD = np.array([[4.0, 2.0], [2.0, 3.0]])
# (method, args as a function of the library (th or torch), input, tolerance)
CALLS = [
    ("count_nonzero", lambda m: (), X, 0), ("count_nonzero", lambda m: (1,), X, 0),
    ("clamp_min", lambda m: (0.1,), X, 0), ("clamp_max", lambda m: (0.1,), X, 0),
    ("true_divide", lambda m: (3,), X, 0), ("positive", lambda m: (), X, 0),
    ("asinh", lambda m: (), X, 1e-12), ("acosh", lambda m: (), X + 1, 1e-12),
    ("atanh", lambda m: (), X, 1e-12), ("arcsinh", lambda m: (), X, 1e-12),
    ("arccosh", lambda m: (), X + 1, 1e-12), ("arctanh", lambda m: (), X, 1e-12),
    ("isreal", lambda m: (), X, 0), ("is_nonzero", lambda m: (), X[:1, :1], 0),
    ("angle", lambda m: (), X, 0), ("heaviside", lambda m: (m.tensor([0.5], dtype=m.float64),), X, 0),
    ("logit", lambda m: (), X + 0.5, 1e-12), ("logit", lambda m: (0.3,), X + 0.5, 1e-12),
    ("nanmean", lambda m: (0,), X, 1e-12), ("cov", lambda m: (), X, 1e-12),
    ("corrcoef", lambda m: (), X, 1e-12),
    ("index_copy", lambda m: (1, m.tensor([2, 0]), m.ones(2, 2, dtype=m.float64)), X, 0),
    ("index_fill", lambda m: (1, m.tensor([2]), -1.0), X, 0),
    ("det", lambda m: (), SPD, 1e-12), ("logdet", lambda m: (), SPD, 1e-12),
    ("slogdet", lambda m: (), SPD, 1e-12), ("inverse", lambda m: (), SPD, 1e-12),
    ("pinverse", lambda m: (), X, 1e-12), ("pinverse", lambda m: (0.9,), X, 1e-12),
    ("matrix_power", lambda m: (3,), SPD, 1e-12), ("matrix_exp", lambda m: (), SPD, 1e-12),
    ("cholesky", lambda m: (), SPD, 1e-12), ("cholesky", lambda m: (True,), SPD, 1e-12),
    ("cholesky_inverse", lambda m: (), SPD, 1e-12),
    ("cholesky_solve", lambda m: (m.tensor(SPD.copy()).tril(),), np.eye(2), 1e-12),
    ("qr", lambda m: (), X.T.copy(), 1e-12), ("qr", lambda m: (False,), X.T.copy(), 1e-12),
    ("lu", lambda m: (), SPD, 1e-12),
    ("lu_solve", lambda m: m.linalg.lu_factor(m.tensor(SPD.copy())), np.ones((2, 1)), 1e-12),
]


@pytest.mark.parametrize("name, args, data, rtol", CALLS, ids=[c[0] for c in CALLS])
def test_methods_match_torch(name, args, data, rtol):
    a, b = pair(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's deprecated qr, lu, lu_solve
        check(lambda: getattr(a, name)(*args(th)), lambda: getattr(b, name)(*args(torch)),
              rtol=rtol, atol=rtol)


def test_aminmax_and_svd_methods():
    a, b = pair(X)
    check(lambda: a.aminmax(dim=1, keepdim=True), lambda: b.aminmax(dim=1, keepdim=True))
    r, e = a.svd(), b.svd()
    np.testing.assert_allclose(r.S.numpy(), e.S.numpy(), rtol=1e-12)
    assert [t.shape for t in r] == [tuple(t.shape) for t in e]
    r, e = a.svd(compute_uv=False), b.svd(compute_uv=False)
    check(lambda: r, lambda: e, rtol=1e-12)


IN_PLACE = ["clamp_min_", "clamp_max_", "true_divide_", "asinh_", "acosh_", "atanh_",
            "arcsinh_", "arccosh_", "arctanh_", "heaviside_", "logit_"]


def in_place_args(name, m, dtype):
    if name in ("clamp_min_", "clamp_max_"):
        return (1,)
    if name == "true_divide_":
        return (2,)
    if name == "heaviside_":
        return (m.tensor([1], dtype=dtype),)
    return ()


@pytest.mark.parametrize("name", IN_PLACE)
@given(tensors=tensor_pairs(dtypes=[d for d in DTYPES if d != th.bool], max_dims=2))
def test_in_place_methods_match_torch(name, tensors):
    a, b = tensors
    if name == "acosh_" and a.is_floating_point():
        a.add_(2)
        b.add_(2)
    if name in ("atanh_", "arctanh_", "logit_") and a.is_floating_point():
        a.mul_(0.1).abs_()
        b.mul_(0.1).abs_()
    expected_dtype = getattr(torch, str(a.dtype)[3:])
    rtol = 1e-5 if a.dtype in (th.float16, th.float32, th.complex64) else 1e-12
    if a.dtype == th.float16:
        rtol = 2e-3
    result = check(lambda: getattr(a, name)(*in_place_args(name, th, a.dtype)),
                   lambda: getattr(b, name)(*in_place_args(name, torch, expected_dtype)),
                   rtol=rtol, atol=rtol)
    if result is not None:
        assert result is a
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=rtol, atol=rtol)


def test_in_place_refuses_a_broadcast_result():
    a, b = pair(np.array([-1.0, 0.0]))
    v, w = pair(np.array([[0.5], [0.25]]))
    check(lambda: a.heaviside_(v), lambda: b.heaviside_(w))

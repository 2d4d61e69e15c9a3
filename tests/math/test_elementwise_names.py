"""torch's element-wise functions th composes (th/_elementwise.py) against
torch 2.13: clamp_min, clamp_max, true_divide, positive, asinh, acosh,
atanh (and the arc- aliases), complex, polar, angle, isreal, heaviside,
logit, isin and is_nonzero, over every dtype, non-contiguous inputs, NaN
and infinities, and bad arguments (torch's exception classes)."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import DTYPES, NUMBERS, check, pair, tensor_pairs, torch

SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-30, 1e30, np.inf, -np.inf, np.nan,
                    1e300, -1e-300])


def special(dtype):
    with np.errstate(over="ignore"):
        return pair(SPECIAL.astype(np.dtype(str(dtype).split(".")[-1])))


# ------------------------------------------------------------ aliases
@given(tensor_pairs(dtypes=NUMBERS, max_dims=3), st.floats(-2, 2, width=32))
def test_clamp_min_max_and_true_divide_match_torch(tensors, bound):
    a, b = tensors
    if not a.is_complex():
        check(lambda: th.clamp_min(a, bound), lambda: torch.clamp_min(b, bound))
        check(lambda: th.clamp_max(a, bound), lambda: torch.clamp_max(b, bound))
        check(lambda: th.clamp_min(a, 1), lambda: torch.clamp_min(b, 1))
    # (complex division rounds differently in th's div and torch's: a few ulp)
    tol = dict(rtol=1e-6, atol=1e-7) if a.is_complex() else {}
    check(lambda: th.true_divide(a, 2), lambda: torch.true_divide(b, 2), **tol)
    check(lambda: th.true_divide(a, a), lambda: torch.true_divide(b, b), **tol)


def test_clamp_min_takes_tensor_bounds_and_refuses_no_tensor():
    a, b = pair(np.array([1.0, 5.0, np.nan]))
    lo, tlo = pair(np.array([2.0, 6.0, 0.0]))
    check(lambda: th.clamp_min(a, lo), lambda: torch.clamp_min(b, tlo))
    check(lambda: th.clamp_max(a, lo), lambda: torch.clamp_max(b, tlo))
    with pytest.raises(TypeError):
        th.clamp_min([1.0], 0.0)
    check(lambda: th.clamp_min(a, None), lambda: torch.clamp_min(b, None))
    check(lambda: th.clamp_max(a, None), lambda: torch.clamp_max(b, None))


@given(tensor_pairs(dtypes=DTYPES, max_dims=2))
def test_positive_is_the_input_and_refuses_bool(tensors):
    a, b = tensors
    check(lambda: th.positive(a), lambda: torch.positive(b))
    if a.dtype != th.bool:
        assert th.positive(a) is a


# ------------------------------------------- inverse hyperbolic functions
INVERSE_HYPERBOLIC = [(th.asinh, torch.asinh), (th.acosh, torch.acosh), (th.atanh, torch.atanh),
                      (th.arcsinh, torch.arcsinh), (th.arccosh, torch.arccosh),
                      (th.arctanh, torch.arctanh)]


@pytest.mark.parametrize("fns", INVERSE_HYPERBOLIC, ids=lambda f: f[0].__name__)
@given(tensors=tensor_pairs(dtypes=DTYPES, max_dims=3))
def test_inverse_hyperbolic_match_torch(fns, tensors):
    a, b = tensors
    rtol = 1e-3 if a.dtype == th.float16 else 1e-6 if a.dtype in (th.float32, th.complex64) \
        else 1e-13
    if a.dtype in (th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64):
        rtol = 1e-6
    check(lambda: fns[0](a), lambda: fns[1](b), rtol=rtol, atol=rtol * 1e-3)


@pytest.mark.parametrize("fns", INVERSE_HYPERBOLIC[:3], ids=lambda f: f[0].__name__)
@pytest.mark.parametrize("dtype", [th.float16, th.float32, th.float64])
def test_inverse_hyperbolic_special_values_match_torch(fns, dtype):
    a, b = special(dtype)
    rtol = 1e-3 if dtype == th.float16 else 1e-6 if dtype == th.float32 else 1e-14
    result = check(lambda: fns[0](a), lambda: fns[1](b), rtol=rtol)
    # the signs of zeros too
    assert np.array_equal(np.signbit(result.numpy()), np.signbit(fns[1](b).numpy()))


def test_inverse_hyperbolic_bfloat16_and_bad_input():
    a = th.tensor([0.5, 2.0], dtype=th.bfloat16)
    b = torch.tensor([0.5, 2.0], dtype=torch.bfloat16)
    for fn, tfn in INVERSE_HYPERBOLIC[:3]:
        r = fn(a)
        assert r.dtype == th.bfloat16
        np.testing.assert_allclose(r.to(th.float32).numpy(), tfn(b).float().numpy(),
                                   rtol=1e-2, equal_nan=True)
        with pytest.raises(TypeError):
            fn([0.5])


# ------------------------------------------------------ complex numbers
@given(tensor_pairs(dtypes=DTYPES, max_dims=3))
def test_angle_and_isreal_match_torch(tensors):
    a, b = tensors
    rtol = 1e-6 if a.dtype == th.complex64 else 1e-14 if a.dtype == th.complex128 else 0
    check(lambda: th.angle(a), lambda: torch.angle(b), rtol=rtol)
    check(lambda: th.isreal(a), lambda: torch.isreal(b))


def test_angle_special_values_match_torch():
    for dtype in (th.float32, th.float64):
        a, b = special(dtype)
        check(lambda: th.angle(a), lambda: torch.angle(b))
    z = np.array([complex(0.0, -0.0), complex(-1.0, 0.0), complex(-1.0, -0.0), complex(np.nan, 1),
                  complex(1, np.inf)])
    a, b = pair(z)
    check(lambda: th.angle(a), lambda: torch.angle(b))
    check(lambda: th.isreal(a), lambda: torch.isreal(b))


@given(st.sampled_from([th.float32, th.float64]), st.data())
def test_complex_and_polar_match_torch(dtype, data):
    a, b = data.draw(tensor_pairs(dtypes=[dtype], max_dims=3), label="real")
    shape = data.draw(st.sampled_from([a.shape, a.shape[1:], (1,) * a.dim()]), label="shape")
    c, d = pair(np.random.default_rng(0).standard_normal(shape).astype(
        np.dtype(str(dtype).split(".")[-1])))
    check(lambda: th.complex(a, c), lambda: torch.complex(b, d))
    check(lambda: th.complex(c, a), lambda: torch.complex(d, b))
    rtol = 1e-6 if dtype == th.float32 else 1e-14
    check(lambda: th.polar(a, c), lambda: torch.polar(b, d), rtol=rtol, atol=rtol)


@pytest.mark.parametrize("dtypes", [(th.float32, th.float64), (th.int64, th.int64),
                                    (th.float64, th.int32), (th.bool, th.bool),
                                    (th.complex64, th.complex64)])
def test_complex_and_polar_refuse_what_torch_refuses(dtypes):
    a, b = th.ones(2, dtype=dtypes[0]), th.ones(2, dtype=dtypes[1])
    c, d = torch.ones(2, dtype=getattr(torch, str(dtypes[0])[3:])), \
        torch.ones(2, dtype=getattr(torch, str(dtypes[1])[3:]))
    check(lambda: th.complex(a, b), lambda: torch.complex(c, d))
    check(lambda: th.polar(a, b), lambda: torch.polar(c, d))


def test_complex_of_float16_parts_is_refused_for_want_of_complex32():
    """(docs/TORCH.md: torch makes complex32, a dtype th does not have)"""
    with pytest.raises(th.UnsupportedDtype):
        th.complex(th.ones(2, dtype=th.float16), th.ones(2, dtype=th.float16))
    with pytest.raises(th.UnsupportedDtype):
        th.polar(th.ones(2, dtype=th.float16), th.ones(2, dtype=th.float16))


def test_complex_refuses_shapes_that_do_not_broadcast_and_non_tensors():
    check(lambda: th.complex(th.ones(2), th.ones(3)),
          lambda: torch.complex(torch.ones(2), torch.ones(3)))
    with pytest.raises(TypeError):
        th.complex(1.0, th.ones(2))


# ------------------------------------------------------------- the rest
@given(tensor_pairs(dtypes=DTYPES, max_dims=3), st.data())
def test_heaviside_matches_torch(tensors, data):
    a, b = tensors
    if a.dtype in (th.float32, th.float64) and a.numel():
        a[(0,) * a.dim()] = 0  # (the same on both sides: a and b hold copies)
        b[(0,) * b.dim()] = 0
    vdtype = data.draw(st.sampled_from([a.dtype, th.float32]), label="values dtype")
    v, w = pair(np.array([7, 0, 1], dtype=np.dtype(str(vdtype).split(".")[-1]))[
        :data.draw(st.sampled_from([1, 3]))])
    check(lambda: th.heaviside(a, v), lambda: torch.heaviside(b, w))


def test_heaviside_nan_and_bad_input():
    a, b = special(th.float64)
    v, w = pair(np.array([0.25]))
    check(lambda: th.heaviside(a, v), lambda: torch.heaviside(b, w))
    with pytest.raises(TypeError):
        th.heaviside(a, 0.5)


@given(tensor_pairs(dtypes=DTYPES, max_dims=3), st.sampled_from([None, 0.0, 0.1, 0.6]))
def test_logit_matches_torch(tensors, eps):
    a, b = tensors
    if a.is_floating_point():
        a, b = th.sigmoid(a), torch.sigmoid(b)
    rtol = 1e-3 if a.dtype == th.float16 else 1e-5 if a.dtype != th.float64 else 1e-12
    check(lambda: th.logit(a, eps), lambda: torch.logit(b, eps), rtol=rtol, atol=rtol)


def test_logit_special_values_match_torch():
    a, b = special(th.float64)
    check(lambda: th.logit(a), lambda: torch.logit(b), rtol=1e-14)
    check(lambda: th.logit(a, 1e-6), lambda: torch.logit(b, 1e-6), rtol=1e-14)


@given(tensor_pairs(dtypes=DTYPES, max_dims=3), tensor_pairs(dtypes=DTYPES, max_dims=2),
       st.booleans(), st.booleans())
def test_isin_matches_torch(elements, tests, invert, assume_unique):
    (a, b), (c, d) = elements, tests
    if c.numel() and c.is_floating_point():
        c[(0,) * c.dim()] = float("nan")
        d[(0,) * d.dim()] = float("nan")
    if a.numel() and c.numel() and a.dtype == c.dtype:
        a[(0,) * a.dim()] = c[(0,) * c.dim()].item() if c.dim() else c.item()
        b[(0,) * b.dim()] = d[(0,) * d.dim()].item() if d.dim() else d.item()
    # (torch's assume_unique=True with repeats is undefined: only on unique tests)
    kw = dict(invert=invert)
    # (torch 2.13's isin calls view(-1) on test_elements: some non-contiguous ones
    # raise there; th takes them)
    d = d.contiguous()
    check(lambda: th.isin(a, c, **kw), lambda: torch.isin(b, d, **kw))
    check(lambda: th.isin(a, 3, **kw), lambda: torch.isin(b, 3, **kw))
    check(lambda: th.isin(2, c, **kw), lambda: torch.isin(2, d, **kw))
    u, v = th.unique(th.arange(4) % 3), torch.unique(torch.arange(4) % 3)
    check(lambda: th.isin(a, u, assume_unique=assume_unique, **kw),
          lambda: torch.isin(b, v, assume_unique=assume_unique, **kw))


def test_isin_refuses_two_numbers():
    with pytest.raises(TypeError):
        th.isin(1, 2)


@given(tensor_pairs(dtypes=DTYPES, max_dims=2, max_side=2))
def test_is_nonzero_matches_torch(tensors):
    a, b = tensors
    check(lambda: th.is_nonzero(a), lambda: torch.is_nonzero(b))
    if a.numel() == 1:
        a.fill_(0)
        b.fill_(0)
        check(lambda: th.is_nonzero(a), lambda: torch.is_nonzero(b))

"""torch 2.13 reduction forms th lacked or got wrong (issue 30): max/min(other=),
nansum, argmax/argmin of bool (numpy's answer), logsumexp of complex
tensors and complex mean with infinities and NaNs, against torch computed
here: values, result dtypes, shapes and the builtin class of torch's errors."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from torch_compare import DTYPES, assert_same, check, pair, tensor_pairs, torch_dtype

torch = pytest.importorskip("torch")

INF, NAN = math.inf, math.nan

# ------------------------------------------------------------ max/min(other=)
@settings(max_examples=40, deadline=None)
@given(tensor_pairs(dtypes=[d for d in DTYPES if not d.is_complex], max_dims=3),
       st.sampled_from(["max", "min"]))
def test_max_min_other_keyword_is_the_elementwise_form(ab, name):
    a, b = ab
    ta, tb = th.flip(a, [0]) if a.dim() else a, torch.flip(b, [0]) if b.dim() else b
    check(lambda: getattr(th, name)(a, other=ta), lambda: getattr(torch, name)(b, other=tb))
    check(lambda: getattr(a, name)(other=ta), lambda: getattr(b, name)(other=tb))
    check(lambda: getattr(th, name)(a, ta), lambda: getattr(torch, name)(b, tb))


@pytest.mark.parametrize("name", ["max", "min"])
def test_max_min_other_promotes_and_broadcasts_as_torch(name):
    a, b = pair(np.array([1, 5, -3], dtype=np.int32))
    c, d = pair(np.array([[1.5], [-2.0]], dtype=np.float64))
    check(lambda: getattr(th, name)(a, other=c), lambda: getattr(torch, name)(b, other=d))
    out_th, out_torch = th.empty(2, 3, dtype=th.float64), torch.empty(2, 3, dtype=torch.float64)
    check(lambda: getattr(th, name)(a, other=c, out=out_th),
          lambda: getattr(torch, name)(b, other=d, out=out_torch))
    assert_same(out_th, out_torch)


@pytest.mark.parametrize("name", ["max", "min"])
@pytest.mark.parametrize("call", [
    lambda lib, f, a: f(a, dim=0, other=a),            # other with a dim
    lambda lib, f, a: f(a, 0, other=a),
    lambda lib, f, a: f(a, other=a, keepdim=True),     # other with keepdim
    lambda lib, f, a: f(a, a, keepdim=True),
    lambda lib, f, a: f(a, other=3),                   # other not a tensor
    lambda lib, f, a: f(a, other=1.5),
])
def test_max_min_other_refuses_what_torch_refuses(name, call):
    a, b = pair(np.array([1.0, 2.0], dtype=np.float32))
    check(lambda: call(th, getattr(th, name), a), lambda: call(torch, getattr(torch, name), b))
    check(lambda: call(th, lambda x, *r, **k: getattr(x, name)(*r, **k), a),
          lambda: call(torch, lambda x, *r, **k: getattr(x, name)(*r, **k), b))


def test_max_min_reductions_are_unchanged():
    a, b = pair(np.array([[1.0, 7.0], [3.0, -4.0]], dtype=np.float32))
    for name in ("max", "min"):
        check(lambda: getattr(th, name)(a), lambda: getattr(torch, name)(b))
        check(lambda: tuple(getattr(th, name)(a, 1, True)),
              lambda: tuple(getattr(torch, name)(b, 1, True)))
        check(lambda: tuple(getattr(a, name)(dim=0, keepdim=False)),
              lambda: tuple(getattr(b, name)(dim=0, keepdim=False)))
        # numpy's spelling: the values only
        check(lambda: getattr(a, name)(axis=1, keepdims=True),
              lambda: getattr(torch, "a" + name)(b, 1, keepdim=True))


# ------------------------------------------------------------------ nansum
NANSUM_DTYPES = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16,
                 th.float32, th.float64, th.bfloat16, th.uint16, th.uint32, th.uint64]


@st.composite
def with_nans(draw, dtypes=(th.float16, th.float32, th.float64)):
    a, b = draw(tensor_pairs(dtypes=list(dtypes), max_dims=3))
    rng = np.random.default_rng(draw(st.integers(0, 1000)))
    mask = rng.random(tuple(b.shape)) < 0.3
    specials = rng.choice([NAN, INF, -INF, NAN, -0.0], size=tuple(b.shape))
    a_np = np.where(mask, specials, np.asarray(a.to(th.float64).numpy()))
    x, y = pair(a_np.astype(np.dtype(str(b.numpy().dtype))))
    return x, y


@settings(max_examples=60, deadline=None)
@given(with_nans(), st.data())
def test_nansum_is_torchs(xy, data):
    x, y = xy
    dims = data.draw(st.one_of(st.none(), st.just(()), st.integers(-max(x.dim(), 1),
                                                                     max(x.dim(), 1) - 1),
                               st.lists(st.integers(0, max(x.dim() - 1, 0)), min_size=1,
                                        max_size=2, unique=True).map(tuple)))
    keepdim = data.draw(st.booleans())
    dtype = data.draw(st.sampled_from([None, th.float64, th.float32]))
    kw = {} if dtype is None else {"dtype": dtype}
    tkw = {} if dtype is None else {"dtype": torch_dtype(dtype)}
    tol = {"rtol": 2e-3, "atol": 1e-3} if x.dtype == th.float16 else {"rtol": 1e-5,
                                                                      "atol": 1e-5}
    if dims is None:
        check(lambda: th.nansum(x, **kw), lambda: torch.nansum(y, **tkw), **tol)
    else:
        check(lambda: th.nansum(x, dims, keepdim, **kw),
              lambda: torch.nansum(y, dims, keepdim, **tkw), **tol)
        check(lambda: x.nansum(dims, keepdim=keepdim, **kw),
              lambda: y.nansum(dims, keepdim=keepdim, **tkw), **tol)


@pytest.mark.parametrize("dtype", NANSUM_DTYPES)
def test_nansum_of_every_dtype_is_torchs(dtype):
    a = th.tensor([[1, 0, 1], [1, 1, 0]]).to(dtype)
    b = torch.tensor([[1, 0, 1], [1, 1, 0]]).to(torch_dtype(dtype))
    check(lambda: th.nansum(a), lambda: torch.nansum(b))
    check(lambda: th.nansum(a, 1, True), lambda: torch.nansum(b, 1, True))
    check(lambda: th.nansum(a, dtype=th.int32), lambda: torch.nansum(b, dtype=torch.int32))
    check(lambda: th.nansum(a, 0, dtype=th.float32), lambda: torch.nansum(b, 0,
                                                                        dtype=torch.float32))


def test_nansum_edges_and_out():
    for vals in ([], [NAN], [NAN, NAN], [INF, -INF, NAN], [INF, NAN]):
        a, b = pair(np.array(vals, dtype=np.float32))
        check(lambda: th.nansum(a), lambda: torch.nansum(b))
        check(lambda: th.nansum(a, 0), lambda: torch.nansum(b, 0))
    a, b = pair(np.array(NAN, dtype=np.float64))
    check(lambda: th.nansum(a), lambda: torch.nansum(b))
    a, b = pair(np.array([[1.0, NAN], [3.0, 4.0]], dtype=np.float32))
    oa, ob = th.empty(0), torch.empty(0)
    check(lambda: th.nansum(a, 1, out=oa), lambda: torch.nansum(b, 1, out=ob))
    assert_same(oa, ob)


@pytest.mark.parametrize("call", [
    lambda lib, a, c: lib.nansum(c),                          # complex refused on the CPU
    lambda lib, a, c: lib.nansum(c, 0),
    lambda lib, a, c: c.nansum(),
    lambda lib, a, c: lib.nansum(a, dtype=lib.complex64),
    lambda lib, a, c: lib.nansum(a, 2),                       # dim out of range
    lambda lib, a, c: lib.nansum(a, (0, 0)),                  # repeated dim
    lambda lib, a, c: lib.nansum([1.0, 2.0]),                 # not a tensor
])
def test_nansum_refuses_what_torch_refuses(call):
    a, b = pair(np.array([[1.0, NAN], [3.0, 4.0]], dtype=np.float32))
    c, d = pair(np.array([1 + 1j, NAN], dtype=np.complex64))
    check(lambda: call(th, a, c), lambda: call(torch, b, d))


# ------------------------------------------------------ argmax/argmin of bool
@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("args", [(), (0,), (0, True), (-1, False)])
def test_argmax_argmin_of_bool_are_numpys_where_torch_refuses(name, args):
    """docs/TORCH.md 'Calls th takes that torch refuses': numpy's answer, the first
    True (argmax) or False (argmin)."""
    x = np.array([[True, False], [False, True], [False, False]])
    a, b = pair(x)
    with pytest.raises(RuntimeError, match="bool"):
        getattr(torch, name)(b, *args)
    axis = args[0] if args else None
    want = getattr(np, name)(x, axis=axis, keepdims=bool(args[1:] and args[1]))
    assert getattr(th, name)(a, *args).tolist() == want.tolist()
    assert getattr(a, name)(*args).tolist() == want.tolist()


def test_argmax_argmin_of_uint8_still_work():
    a, b = pair(np.array([[1, 0], [0, 1]], dtype=np.uint8))
    for name in ("argmax", "argmin"):
        check(lambda: getattr(th, name)(a), lambda: getattr(torch, name)(b))
        check(lambda: getattr(th, name)(a, 1), lambda: getattr(torch, name)(b, 1))


# --------------------------------------------------------- complex logsumexp
COMPLEX_SPECIALS = [complex(INF, 0), complex(-INF, 0), complex(NAN, 0), complex(0, INF),
                    complex(0, NAN), complex(INF, INF), complex(-INF, 1), complex(1000, 3),
                    complex(-1000, -2), 0j]


@st.composite
def complex_pairs(draw, min_dims=0, max_dims=3, specials=False):
    a, b = draw(tensor_pairs(dtypes=[th.complex64, th.complex128], min_dims=min_dims,
                             max_dims=max_dims))
    if specials and b.numel():
        rng = np.random.default_rng(draw(st.integers(0, 1000)))
        vals = np.asarray(b.numpy()).copy()
        mask = rng.random(vals.shape) < 0.3
        vals[mask] = rng.choice(COMPLEX_SPECIALS, size=int(mask.sum()))
        a, b = pair(vals)
    return a, b


@settings(max_examples=60, deadline=None)
@given(complex_pairs(), st.data())
def test_complex_logsumexp_is_torchs(ab, data):
    a, b = ab
    nd = max(a.dim(), 1)
    dim = data.draw(st.one_of(st.integers(-nd, nd - 1),
                              st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd,
                                       unique=True).map(tuple)))
    if a.dim() == 0 and dim not in (0, -1, (0,)):
        dim = 0
    keepdim = data.draw(st.booleans())
    tol = {"rtol": 1e-5, "atol": 1e-5} if a.dtype == th.complex64 else {"rtol": 1e-12,
                                                                        "atol": 1e-12}
    check(lambda: th.logsumexp(a, dim, keepdim), lambda: torch.logsumexp(b, dim, keepdim),
          **tol)
    check(lambda: a.logsumexp(dim, keepdim), lambda: b.logsumexp(dim, keepdim), **tol)
    check(lambda: th.nn.functional.logsumexp(a, dim, keepdim),
          lambda: torch.logsumexp(b, dim, keepdim), **tol)


@pytest.mark.parametrize("shape, dims", [((0, 0, 0), (0, 1)), ((0, 3, 4), (1, 2)),
                                         ((2, 0, 3), (0, 2))])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("keepdim", [False, True])
def test_logsumexp_over_several_dims_next_to_an_empty_kept_dim_is_torchs(shape, dims, dtype,
                                                                          keepdim):
    # the reduced dims are seen as one of their product's size (a reshape to -1
    # could not tell it when a kept size is 0, and raised)
    torch = pytest.importorskip("torch")
    a = th.zeros(shape, dtype=getattr(th, dtype))
    b = torch.zeros(shape, dtype=getattr(torch, dtype))
    check(lambda: th.logsumexp(a, dims, keepdim), lambda: torch.logsumexp(b, dims, keepdim))


@settings(max_examples=40, deadline=None)
@given(complex_pairs(min_dims=1, specials=True), st.booleans())
def test_complex_logsumexp_with_infinities_and_nans_is_torchs(ab, keepdim):
    a, b = ab
    tol = {"rtol": 1e-5, "atol": 1e-5}
    check(lambda: th.logsumexp(a, -1, keepdim), lambda: torch.logsumexp(b, -1, keepdim), **tol)


def test_complex_logsumexp_edges():
    for vals in ([complex(INF, 0), 1], [complex(-INF, 0), complex(-INF, 0)], [],
                 [complex(1000, 1), complex(1000, -1)], [complex(NAN, 0), 1]):
        a, b = pair(np.array(vals, dtype=np.complex64))
        check(lambda: th.logsumexp(a, 0), lambda: torch.logsumexp(b, 0), rtol=1e-6, atol=1e-6)
    a, b = pair(np.zeros((2, 0), dtype=np.complex128))
    check(lambda: th.logsumexp(a, 1), lambda: torch.logsumexp(b, 1))
    check(lambda: th.logsumexp(a, 0), lambda: torch.logsumexp(b, 0))


@pytest.mark.parametrize("out_dtype", [th.float32, th.float64, th.complex64, th.complex128,
                                       th.int64, th.bool])
@pytest.mark.parametrize("in_dtype", [np.complex64, np.float32, np.int32])
@pytest.mark.filterwarnings("ignore:Casting complex values to real")
def test_logsumexp_out_dtypes_are_torchs(out_dtype, in_dtype):
    vals = np.array([[1 + 1j, 2 - 0.5j], [INF, 3j]]) if in_dtype == np.complex64 else \
        np.array([[1, 2], [3, -1]])
    a, b = pair(vals.astype(in_dtype))
    oa, ob = th.empty(0, dtype=out_dtype), torch.empty(0, dtype=torch_dtype(out_dtype))
    check(lambda: th.logsumexp(a, 1, out=oa), lambda: torch.logsumexp(b, 1, out=ob),
          rtol=1e-6, atol=1e-6)


# ------------------------------------------------------- complex mean, inf/NaN
MEAN_CASES = [
    [complex(INF, 0), 1], [complex(NAN, 0), 1], [complex(INF, 0), complex(-INF, 0)],
    [complex(0, INF), 1], [complex(INF, INF), 1], [complex(INF, NAN)], [complex(NAN, INF)],
    [complex(INF, 0), complex(0, INF)], [complex(-INF, 0), 2j], [complex(0, -INF), 3],
    [complex(0, NAN), 1], [complex(-0.0, 0.0), complex(-0.0, 0.0)], [complex(-0.0, -0.0)],
    [complex(INF, 1), complex(INF, 2)], [],
]


@pytest.mark.parametrize("vals", MEAN_CASES)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_mean_with_infinities_and_nans_is_torchs(vals, dtype):
    a, b = pair(np.array(vals, dtype=dtype))
    check(lambda: th.mean(a), lambda: torch.mean(b))
    check(lambda: th.mean(a, 0), lambda: torch.mean(b, 0))
    check(lambda: a.mean(0, keepdim=True), lambda: b.mean(0, keepdim=True))
    check(lambda: th.mean(th.lazy(a) + 0), lambda: torch.mean(b + 0))


@settings(max_examples=60, deadline=None)
@given(complex_pairs(min_dims=1, specials=True), st.data())
def test_complex_mean_of_random_specials_is_torchs(ab, data):
    a, b = ab
    dim = data.draw(st.integers(-a.dim(), a.dim() - 1))
    r = th.mean(a, dim)
    e = torch.mean(b, dim)
    assert_same(th.isnan(r.real), torch.isnan(e.real))
    assert_same(th.isnan(r.imag), torch.isnan(e.imag))
    assert_same(th.isinf(r.real), torch.isinf(e.real))
    assert_same(th.isinf(r.imag), torch.isinf(e.imag))
    assert_same(r, e, rtol=1e-5, atol=1e-5)


def test_complex_var_with_infinities_is_unchanged_and_torchs():
    a, b = pair(np.array([complex(INF, 0), 1, 2], dtype=np.complex64))
    check(lambda: th.var(a), lambda: torch.var(b))
    c, d = pair(np.array([1 + 2j, 3 - 1j, 0.5j], dtype=np.complex128))
    check(lambda: th.var(c), lambda: torch.var(d), rtol=1e-12)
    check(lambda: th.mean(c), lambda: torch.mean(d), rtol=1e-15)

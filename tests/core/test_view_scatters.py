"""torch 2.13's clone(memory_format=) and the scatters of views th lacked
(issue 30): select_scatter, slice_scatter, diagonal_scatter (function and
Tensor forms), against torch computed here: values, result dtypes, shapes,
layouts and the builtin class of torch's errors."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th
from torch_compare import DTYPES, check, pair, tensor_pairs, torch_dtype

torch = pytest.importorskip("torch")


# ------------------------------------------------------ clone(memory_format=)
FORMATS = ["preserve_format", "contiguous_format", "channels_last", "channels_last_3d", None]


@settings(max_examples=40, deadline=None)
@given(tensor_pairs(min_dims=3, max_dims=5, min_side=1), st.sampled_from(FORMATS))
def test_clone_memory_format_is_torchs(ab, fmt):
    a, b = ab
    kw_th = {} if fmt is None else {"memory_format": getattr(th, fmt)}
    kw_torch = {} if fmt is None else {"memory_format": getattr(torch, fmt)}
    r = check(lambda: th.clone(a, **kw_th), lambda: torch.clone(b, **kw_torch), geometry=True)
    if r is not None:
        assert r.data_ptr() != a.data_ptr()
    check(lambda: a.clone(**kw_th), lambda: b.clone(**kw_torch), geometry=True)


def test_clone_memory_format_refuses_what_torch_refuses():
    a, b = pair(np.zeros((2, 3), dtype=np.float32))
    check(lambda: th.clone(a, memory_format=th.channels_last),
          lambda: torch.clone(b, memory_format=torch.channels_last))
    with pytest.raises(TypeError):
        th.clone(a, memory_format="channels_last")
    with pytest.raises(TypeError):
        torch.clone(b, memory_format="channels_last")
    with pytest.raises(TypeError):
        th.clone(a, th.contiguous_format)  # keyword-only, as torch's
    with pytest.raises(TypeError):
        torch.clone(b, torch.contiguous_format)


# ---------------------------------------------------------- view scatters
@st.composite
def select_cases(draw):
    a, b = draw(tensor_pairs(min_dims=1, max_dims=4, min_side=1))
    dim = draw(st.integers(-a.dim(), a.dim() - 1))
    index = draw(st.integers(-a.shape[dim], a.shape[dim] - 1))
    return a, b, dim, index


def _src_for(view_shape, dtype, seed):
    rng = np.random.default_rng(seed)
    src = np.asarray(rng.standard_normal(view_shape) * 10, dtype=np.float64)
    npdtype = torch.empty(0, dtype=torch_dtype(dtype)).numpy().dtype
    return pair(np.asarray(src.astype(npdtype)))


@settings(max_examples=60, deadline=None)
@given(select_cases(), st.sampled_from(DTYPES), st.integers(0, 1000))
def test_select_scatter_is_torchs(case, src_dtype, seed):
    a, b, dim, index = case
    sa, sb = _src_for(tuple(b.select(dim, index).shape), src_dtype, seed)
    check(lambda: th.select_scatter(a, sa, dim, index),
          lambda: torch.select_scatter(b, sb, dim, index), geometry=True)
    check(lambda: a.select_scatter(sa, dim=dim, index=index),
          lambda: b.select_scatter(sb, dim=dim, index=index))
    before = a.clone()
    th.select_scatter(a, sa, dim, index)
    assert th.equal(a, before)  # out of place


@st.composite
def slice_cases(draw):
    a, b = draw(tensor_pairs(min_dims=1, max_dims=3, min_side=0))
    dim = draw(st.integers(-a.dim(), a.dim() - 1))
    n = a.shape[dim]
    bound = st.one_of(st.none(), st.integers(-n - 2, n + 2))
    return a, b, dim, draw(bound), draw(bound), draw(st.integers(1, 3))


@settings(max_examples=60, deadline=None)
@given(slice_cases(), st.integers(0, 1000))
def test_slice_scatter_is_torchs(case, seed):
    a, b, dim, start, end, step = case
    view = b[(slice(None),) * (dim % b.dim()) + (slice(start, end, step),)]
    sa, sb = _src_for(tuple(view.shape), th.float64, seed)
    check(lambda: th.slice_scatter(a, sa, dim, start, end, step),
          lambda: torch.slice_scatter(b, sb, dim, start, end, step), geometry=True)
    check(lambda: a.slice_scatter(sa, dim=dim, start=start, end=end, step=step),
          lambda: b.slice_scatter(sb, dim=dim, start=start, end=end, step=step))


@st.composite
def diagonal_cases(draw):
    a, b = draw(tensor_pairs(min_dims=2, max_dims=4, min_side=0))
    dim1 = draw(st.integers(-a.dim(), a.dim() - 1))
    dim2 = draw(st.integers(-a.dim(), a.dim() - 1).filter(lambda d: d % a.dim() != dim1 % a.dim()))
    return a, b, draw(st.integers(-4, 4)), dim1, dim2


@settings(max_examples=60, deadline=None)
@given(diagonal_cases(), st.integers(0, 1000))
def test_diagonal_scatter_is_torchs(case, seed):
    a, b, offset, dim1, dim2 = case
    sa, sb = _src_for(tuple(b.diagonal(offset, dim1, dim2).shape), th.float32, seed)
    check(lambda: th.diagonal_scatter(a, sa, offset, dim1, dim2),
          lambda: torch.diagonal_scatter(b, sb, offset, dim1, dim2), geometry=True)
    check(lambda: a.diagonal_scatter(sa, offset=offset, dim1=dim1, dim2=dim2),
          lambda: b.diagonal_scatter(sb, offset=offset, dim1=dim1, dim2=dim2))


def test_scatter_defaults_and_layouts_are_torchs():
    a, b = pair(np.arange(12.0).reshape(3, 4))
    sa, sb = pair(np.ones((3, 4)))
    check(lambda: th.slice_scatter(a, sa), lambda: torch.slice_scatter(b, sb))
    d, e = pair(np.ones(3))
    check(lambda: th.diagonal_scatter(a, d), lambda: torch.diagonal_scatter(b, e))
    # transposed and broadcast inputs: the copy keeps a dense layout, as torch's
    check(lambda: th.select_scatter(a.t(), d, 1, 0),
          lambda: torch.select_scatter(b.t(), e, 1, 0), geometry=True)
    x, y = pair(np.zeros((3, 1)))
    f, g = pair(np.ones(4))
    check(lambda: th.select_scatter(x.expand(3, 4), f, 0, 1),
          lambda: torch.select_scatter(y.expand(3, 4), g, 0, 1), geometry=True)
    # 0-dim src into a 1-dim input
    z, w = pair(np.array(5.0))
    check(lambda: th.select_scatter(d, z, 0, 1), lambda: torch.select_scatter(e, w, 0, 1))


BAD_SCATTERS = [
    lambda lib, a, s: lib.select_scatter(a, s(3), 0, 1),          # wrong shape
    lambda lib, a, s: lib.select_scatter(a, s(4, 1), 0, 1),
    lambda lib, a, s: lib.select_scatter(a, s(), 0, 1),
    lambda lib, a, s: lib.select_scatter(a, s(4), 0, 3),          # index out of range
    lambda lib, a, s: lib.select_scatter(a, s(4), 0, -4),
    lambda lib, a, s: lib.select_scatter(a, s(4), 2, 0),          # dim out of range
    lambda lib, a, s: lib.select_scatter(a, s(4), 0, True),       # bool index
    lambda lib, a, s: lib.select_scatter(a, s(4), 0.0, 1),        # float dim
    lambda lib, a, s: lib.select_scatter(a, 1.0, 0, 1),           # src not a tensor
    lambda lib, a, s: lib.select_scatter(s(), s(), 0, 0),         # 0-dim input
    lambda lib, a, s: lib.slice_scatter(a, s(3, 2), 1, step=0),   # step not positive
    lambda lib, a, s: lib.slice_scatter(a, s(3, 2), 1, step=-1),
    lambda lib, a, s: lib.slice_scatter(a, s(3, 3), 1),
    lambda lib, a, s: lib.slice_scatter(a, s(3, 4), 2),
    lambda lib, a, s: lib.slice_scatter(a, s(3, 4), 1, 3, 1),
    lambda lib, a, s: lib.slice_scatter(s(), s()),
    lambda lib, a, s: lib.diagonal_scatter(a, s(4)),
    lambda lib, a, s: lib.diagonal_scatter(a, s(3), 0, 0, 0),     # identical dims
    lambda lib, a, s: lib.diagonal_scatter(a, s(3), 0, 0, 2),
    lambda lib, a, s: lib.diagonal_scatter(s(3), s(3)),           # 1-dim input
    lambda lib, a, s: lib.select_scatter(a, s(4), 0, 1, out=s(3, 4)),
]


@pytest.mark.parametrize("call", BAD_SCATTERS)
def test_scatters_refuse_what_torch_refuses(call):
    a, b = pair(np.zeros((3, 4), dtype=np.float32))
    check(lambda: call(th, a, lambda *s: th.ones(s)),
          lambda: call(torch, b, lambda *s: torch.ones(s)))


def test_scatter_casts_src_to_inputs_dtype():
    a, b = pair(np.zeros((2, 3), dtype=np.int64))
    sa, sb = pair(np.array([1.7, -2.5, 3.2]))
    check(lambda: th.select_scatter(a, sa, 0, 1), lambda: torch.select_scatter(b, sb, 0, 1))
    c, d = pair(np.zeros((2, 2), dtype=np.float32))
    za, zb = pair(np.array([True, False]))
    check(lambda: th.diagonal_scatter(c, za), lambda: torch.diagonal_scatter(d, zb))



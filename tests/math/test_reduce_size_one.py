"""Reductions over dims of size 1 (each result is one element) and over
shapes with size-1 dims, against torch 2.13: values, result dtypes, shapes,
keepdim, indices, over contiguous and strided views; and that reducing a
size-1 dim costs about what a copy does (it once folded each element as
its own run: sum(dim=0) of a (1, 65536) matrix took 1000x a 1-d sum)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

from helpers import best_time

torch = pytest.importorskip("torch")

DTYPES = ["float32", "float64", "float16", "int32", "int8", "uint8", "int64", "bool",
          "complex64"]
OPS = ["sum", "mean", "prod", "amax", "amin", "max", "min", "argmax", "argmin", "all", "any",
       "norm", "var", "std"]

sizes = st.sampled_from([1, 1, 1, 2, 3, 8, 9, 17, 40])


@st.composite
def cases(draw):
    """(numpy values, view maker, dims) with at least one size-1 dim reduced."""
    shape = draw(st.lists(sizes, min_size=1, max_size=4))
    if 1 not in shape:
        shape[draw(st.integers(0, len(shape) - 1))] = 1
    dtype = draw(st.sampled_from(DTYPES))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    full = rng.normal(size=shape) * 4
    if draw(st.booleans()) and dtype in ("float32", "float64", "float16", "complex64"):
        # (complex: no inf or nan, whose mean th divides part by part where
        # torch divides complex numbers; not a size-1 matter)
        specials = [-0.0] if dtype == "complex64" else [np.nan, np.inf, -np.inf, -0.0]
        full.flat[rng.integers(full.size)] = draw(st.sampled_from(specials))
    values = (full + 1j * full[::-1] if dtype == "complex64" else full).astype(dtype)
    perm = draw(st.permutations(range(len(shape))))
    ones = [d for d, n in enumerate(shape) if n == 1]
    dims = draw(st.lists(st.sampled_from(ones), min_size=1, unique=True))
    if draw(st.booleans()):  # also some dims that are not of size 1
        dims += draw(st.lists(st.sampled_from(range(len(shape))), unique=True))
        dims = sorted(set(dims))
    return values, perm, [perm.index(d) for d in dims]


def to_torch(a):
    return torch.from_numpy(np.ascontiguousarray(a))


def call(lib, op, x, dims, keepdim):
    fn = getattr(lib, op)
    if op in ("max", "min", "argmax", "argmin", "prod"):  # one dim only (in torch)
        return fn(x, dims[0], keepdim=keepdim)
    if op == "norm":
        return fn(x, 2, dims, keepdim)
    return fn(x, dims, keepdim=keepdim)


def as_list(result):
    if isinstance(result, tuple):
        return list(result)
    return [result]


@settings(max_examples=400, deadline=None)
@given(case=cases(), op=st.sampled_from(OPS), keepdim=st.booleans())
def test_reductions_over_size_one_dims_match_torch(case, op, keepdim):
    values, perm, dims = case
    if op in ("argmax", "argmin") and values.dtype == bool:
        return  # (torch refuses; th's argmax of bools is not this file's subject)
    t = th.from_numpy(values.copy()).permute(*perm)
    r = to_torch(values).permute(*perm)
    try:
        want = as_list(call(torch, op, r, dims, keepdim))
    except (RuntimeError, TypeError, ValueError, IndexError) as e:
        with pytest.raises(type(e)):
            call(th, op, t, dims, keepdim)
        return
    got = as_list(call(th, op, t, dims, keepdim))
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == tuple(w.shape)
        assert str(g.dtype).split(".")[-1] == str(w.dtype).split(".")[-1]
        tol = 1e-3 if w.dtype == torch.float16 else 1e-6
        for part in (np.real, np.imag):
            np.testing.assert_allclose(part(g.numpy()), part(w.numpy()), rtol=tol, atol=tol,
                                       equal_nan=True)
        if w.dtype.is_floating_point:  # and the sign of a zero (sum starts from +0)
            zero = w.numpy() == 0
            assert (np.signbit(g.numpy()[zero]) == np.signbit(w.numpy()[zero])).all()


@pytest.mark.parametrize("shape,dim", [((1, 5000), 0), ((5000, 1), 1), ((3, 1, 700), 1),
                                       ((1, 70000), 0), ((1, 1, 9), (0, 1))])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "bool"])
def test_long_rows_over_a_size_one_dim(shape, dim, dtype):
    values = (np.arange(np.prod(shape)).reshape(shape) % 7 - 3).astype(dtype)
    t, r = th.from_numpy(values), to_torch(values)
    for op in ("sum", "amax", "prod", "any"):
        if op == "prod" and not isinstance(dim, int):
            continue  # (torch's prod takes one dim)
        for keepdim in (False, True):
            got = getattr(th, op)(t, dim, keepdim=keepdim)
            want = getattr(torch, op)(r, dim, keepdim=keepdim)
            assert got.shape == tuple(want.shape)
            assert got.tolist() == want.tolist()
    got = th.max(t[..., ::2], dim if isinstance(dim, int) else dim[0])
    want = torch.max(r[..., ::2], dim if isinstance(dim, int) else dim[0])
    assert got[0].tolist() == want[0].tolist() and got[1].tolist() == want[1].tolist()


def test_reducing_a_size_one_dim_costs_about_a_pass_over_the_data():
    """Was 1000x a 1-d sum (7.5 ms vs 6 us); a generous bound, for a loaded machine."""
    c = th.ones(1, 65536)
    flat = th.ones(65536)
    slow = best_time(lambda: th.sum(c, 0))
    fast = best_time(lambda: flat.to(th.float64))
    assert slow < 200 * fast + 1e-3, (slow, fast)

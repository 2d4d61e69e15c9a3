"""Pooling (th/nn/_pooling.py) against torch 2.13: max_pool1d/2d (values
and indices, NaN and -inf included, dilation, padding, ceil_mode),
avg_pool1d/2d bit for bit (count_include_pad, divisor_override, integers),
adaptive_avg_pool1d/2d and adaptive_max_pool1d/2d (None entries in
output_size), over random geometries, float32/float64, batched, unbatched
and non-contiguous inputs; torch's exception classes for bad arguments."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th
import th.nn.functional as F

torch = pytest.importorskip("torch")

from nn_compare import as_th, compare  # noqa: E402 - after the oracle's skip


def geometry(n, data):
    k = data.draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    s = data.draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    p = [data.draw(st.integers(0, ki // 2)) for ki in k]
    d = data.draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    return k, s, p, d


def draw_input(n, data, dtype, special=False):
    batched = data.draw(st.booleans())
    shape = ([data.draw(st.integers(1, 3))] if batched else []) + [data.draw(st.integers(1, 3))] + \
        data.draw(st.lists(st.integers(1, 9), min_size=n, max_size=n))
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    a = rng.integers(-4, 5, shape).astype(dtype)  # small ints: ties happen
    if special:
        a[rng.random(shape) < 0.1] = np.nan
        a[rng.random(shape) < 0.1] = -np.inf
    return as_th(a, data.draw(st.booleans()))


@settings(max_examples=150)
@given(st.sampled_from([1, 2]), st.sampled_from([np.float32, np.float64]), st.booleans(),
       st.booleans(), st.data())
def test_max_pool_matches_torch(n, dtype, ceil_mode, special, data):
    k, s, p, d = geometry(n, data)
    x = draw_input(n, data, dtype, special)
    for indices in (False, True):
        compare(f"max_pool{n}d", x, k, s, p, d, ceil_mode=ceil_mode, return_indices=indices)


@settings(max_examples=150)
@given(st.sampled_from([1, 2]), st.sampled_from([np.float32, np.float64, np.int64]),
       st.booleans(), st.booleans(), st.data())
def test_avg_pool_matches_torch(n, dtype, ceil_mode, count_include_pad, data):
    k, s, p, _ = geometry(n, data)
    x = draw_input(n, data, dtype)
    kw = {}
    if n == 2:
        kw["divisor_override"] = data.draw(st.sampled_from([None, None, 1, 3, -2]))
    # summed in torch's order: bit for bit
    compare(f"avg_pool{n}d", x, k, s, p, ceil_mode=ceil_mode,
            count_include_pad=count_include_pad, **kw)


@settings(max_examples=150)
@given(st.sampled_from([1, 2]), st.sampled_from([np.float32, np.float64]), st.booleans(),
       st.data())
def test_adaptive_pools_match_torch(n, dtype, special, data):
    x = draw_input(n, data, dtype, special)
    sizes = data.draw(st.lists(st.one_of(st.integers(1, 10), st.none()), min_size=n, max_size=n))
    if n == 1 and sizes[0] is None:
        sizes = [3]
    size = sizes[0] if n == 1 or data.draw(st.booleans()) and None not in sizes else tuple(sizes)
    if size is None:
        size = 2
    compare(f"adaptive_avg_pool{n}d", x, size, exact=False)
    compare(f"adaptive_max_pool{n}d", x, size)
    compare(f"adaptive_max_pool{n}d", x, size, return_indices=True)


def test_examples():
    x = th.full((1, 1, 3, 3), float("-inf"))
    compare("max_pool2d", x, 2, 1, 1, return_indices=True)  # picks inside the input
    x = th.tensor([[[1.0, float("nan"), 2.0, float("nan")]]])
    compare("max_pool1d", x, 4, return_indices=True)  # the last NaN, as torch's kernel
    compare("adaptive_max_pool1d", x, 1, return_indices=True)
    compare("max_pool2d", th.arange(50).view(2, 5, 5), 2)  # integer max pooling
    compare("max_pool2d", th.ones(0, 2, 5, 5), 2)
    compare("avg_pool2d", th.ones(1, 1, 5, 5), 2, 2, 1, ceil_mode=True, count_include_pad=False)
    compare("avg_pool2d", -th.arange(50).view(2, 5, 5), 2, divisor_override=3)
    compare("adaptive_avg_pool2d", th.ones(1, 2, 5, 5), (0, 3))
    compare("adaptive_avg_pool2d", th.ones(0, 1, 2, 3), 2)
    compare("max_pool2d", th.arange(20.0).view(1, 4, 5), (2, 3), stride=[])


def test_errors_match_torch():
    x4, x3 = th.ones(1, 2, 5, 5), th.ones(2, 5, 5)
    for name, x in [("max_pool1d", x3), ("max_pool2d", x4), ("avg_pool1d", x3),
                    ("avg_pool2d", x4)]:
        compare(name, x, 0)
        compare(name, x, 2, 0)
        compare(name, x, 2, 1, 2)
        compare(name, x, 6)
        compare(name, x, -1)
        compare(name, x, (2, 2, 2))
        compare(name, th.ones(1, 1, 1, 5, 5), 2)
        compare(name, th.ones(1, 0, 5, 5), 2)
        compare(name, x, 2.0)
    compare("max_pool1d", x3, 2, dilation=0)
    compare("max_pool2d", x4, 2, dilation=0)
    compare("max_pool1d", th.arange(50).view(2, 5, 5), 2)
    compare("avg_pool2d", x4, 2, divisor_override=0)
    compare("adaptive_avg_pool2d", x4, (-1, 3))
    compare("adaptive_avg_pool2d", x4, (1, 2, 3))
    compare("adaptive_avg_pool2d", th.ones(2, 5), 2)
    compare("adaptive_avg_pool2d", th.arange(50).view(2, 5, 5), 2)
    compare("adaptive_max_pool2d", th.ones(1, 1, 0, 3), 2)
    with pytest.raises(TypeError, match="Tensor"):
        F.max_pool2d([[1.0]], 1)


def test_docstring_examples_run():
    import doctest

    import th.nn._pooling as module
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_pools_match_torch(dtype):
    """float16 and bfloat16 pool in float32 and round once, as torch's."""
    a = np.random.default_rng(0).standard_normal((2, 3, 9, 8)).astype(np.float32)
    x, y = th.from_numpy(a).to(getattr(th, dtype)), torch.from_numpy(a).to(getattr(torch, dtype))
    for name, args in [("avg_pool2d", (3, 2, 1)), ("max_pool2d", (3, 2, 1)),
                       ("adaptive_avg_pool2d", (4,)), ("adaptive_max_pool2d", (4,))]:
        ours = getattr(F, name)(x, *args)
        theirs = getattr(torch.nn.functional, name)(y, *args)
        assert ours.dtype == x.dtype
        np.testing.assert_array_equal(ours.to(th.float32).numpy(), theirs.float().numpy())

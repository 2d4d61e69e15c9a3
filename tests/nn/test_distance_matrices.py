"""th.cdist and th.pdist (th/nn/_distances.py; pdist also as
th.nn.functional.pdist) against torch 2.13: every p (0, 1, 2, inf,
fractions), broadcast batch dims, non-contiguous inputs, torch's
matrix-product euclidean form (compared within rounding: torch computes
||a||^2 + ||b||^2 - 2 a.b with its own BLAS, whose sums round differently),
empty inputs and bad arguments."""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import th

from torch_compare import check, pair, torch

P = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, float("inf")]
MODES = ["use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
         "donot_use_mm_for_euclid_dist"]


def tolerance(dtype):
    return dict(rtol=1e-5, atol=1e-6) if dtype == np.float32 else dict(rtol=1e-12, atol=1e-12)


def assert_close_by_products(result, expected, x1, x2):
    """The matrix-product form's distances agree in their squares, within the
    rounding of ||a||^2 + ||b||^2 - 2 a.b (relative to the norms: the sqrt of
    that noise, not the distance, is what two such results can differ by)."""
    assert result.shape == tuple(expected.shape) and str(result.dtype)[3:] == str(expected.dtype)[6:]
    r, e = result.numpy().astype(np.float64), expected.numpy().astype(np.float64)
    scale = 1.0 + float((x1.numpy().astype(np.float64) ** 2).sum(-1).max(initial=0)) + \
        float((x2.numpy().astype(np.float64) ** 2).sum(-1).max(initial=0))
    eps = 1e-5 if result.dtype == th.float32 else 1e-12
    np.testing.assert_allclose(r ** 2, e ** 2, rtol=0, atol=eps * scale)


def arrays(data, shape, dtype, label):
    rng = np.random.default_rng(data.draw(st.integers(0, 2**16), label=label))
    a = rng.standard_normal(shape).astype(dtype)
    if data.draw(st.booleans(), label=label + " transposed") and len(shape) >= 2:
        t, u = pair(np.ascontiguousarray(np.swapaxes(a, -1, -2)))
        return t.transpose(-1, -2), u.transpose(-1, -2)
    return pair(a)


@given(st.data(), st.sampled_from([np.float32, np.float64]), st.sampled_from(P),
       st.sampled_from(MODES))
def test_cdist_matches_torch(data, dtype, p, mode):
    batch1 = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2), label="batch1"))
    batch2 = batch1[len(batch1) - data.draw(st.integers(0, len(batch1)), label="drop"):]
    if batch2 and data.draw(st.booleans(), label="size-1 batch"):
        batch2 = (1,) + batch2[1:]
    rows1, rows2, m = (data.draw(st.integers(0, 30), label=n) for n in ("P", "R", "M"))
    a, b = arrays(data, batch1 + (rows1, m), dtype, "x1")
    c, d = arrays(data, batch2 + (rows2, m), dtype, "x2")
    by_products = p == 2.0 and (mode == MODES[1] or (mode == MODES[0] and max(rows1, rows2) > 25))
    if by_products:
        assert_close_by_products(th.cdist(a, c, p, mode), torch.cdist(b, d, p, mode), a, c)
    else:
        check(lambda: th.cdist(a, c, p, mode), lambda: torch.cdist(b, d, p, mode),
              **tolerance(dtype))
    by_products = p == 2.0 and max(rows1, rows2) > 25
    if by_products:
        assert_close_by_products(th.cdist(c, a, p), torch.cdist(d, b, p), c, a)
    else:
        check(lambda: th.cdist(c, a, p), lambda: torch.cdist(d, b, p), **tolerance(dtype))


def test_cdist_of_far_points_by_products_rounds_as_torch_does():
    """The matrix-product form loses the small distances of far points, as
    torch's does: both give 0 where the differences give 1e-4."""
    a, b = pair(np.array([[1e4, 0.0]] * 30, dtype=np.float32))
    c, d = pair(np.array([[1e4, 1e-4]], dtype=np.float32))
    r, e = th.cdist(a, c), torch.cdist(b, d)
    np.testing.assert_allclose(r.numpy(), e.numpy(), atol=1e-2)
    np.testing.assert_allclose(th.cdist(a, c, compute_mode=MODES[2]).numpy(), 1e-4, rtol=1e-3)


@pytest.mark.parametrize("make", [
    lambda m: m.cdist(m.ones(3), m.ones(2, 3)),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2)),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2, 4)),
    lambda m: m.cdist(m.ones(2, 3, dtype=m.int64), m.ones(2, 3)),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2, 3, dtype=m.int64)),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2, 3, dtype=m.float64)),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2, 3), p=-1),
    lambda m: m.cdist(m.ones(2, 3), m.ones(2, 3), compute_mode="x"),
    lambda m: m.cdist(m.ones(2, 3, dtype=m.complex64), m.ones(2, 3, dtype=m.complex64)),
    lambda m: m.cdist(m.ones(2, 2, 3), m.ones(3, 2, 3)),
    lambda m: m.cdist(m.ones(2, 3, dtype=m.float16), m.ones(2, 3, dtype=m.float16)),
    lambda m: m.cdist(m.ones(2, 0), m.ones(3, 0)),
    lambda m: m.cdist(m.ones(0, 2), m.ones(30, 2)),
    lambda m: m.pdist(m.ones(3)),
    lambda m: m.pdist(m.ones(3, 2), p=-1),
    lambda m: m.pdist(m.ones(3, 2, dtype=m.int64)),
    lambda m: m.pdist(m.ones(3, 2, dtype=m.float16)),
    lambda m: m.pdist(m.ones(1, 2)),
    lambda m: m.pdist(m.ones(0, 2)),
    lambda m: m.pdist(m.ones(3, 0)),
])
def test_distance_edges_and_refusals_match_torch(make):
    check(lambda: make(th), lambda: make(torch))


@given(st.data(), st.sampled_from([np.float32, np.float64]), st.sampled_from(P))
def test_pdist_matches_torch(data, dtype, p):
    n, m = data.draw(st.integers(0, 8), label="N"), data.draw(st.integers(0, 5), label="M")
    a, b = arrays(data, (n, m), dtype, "input")
    check(lambda: th.pdist(a, p), lambda: torch.pdist(b, p), **tolerance(dtype))
    check(lambda: th.nn.functional.pdist(a, p), lambda: torch.nn.functional.pdist(b, p),
          **tolerance(dtype))


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 2.5, float("inf")])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_many_rows_in_several_blocks_and_threads_match_torch(p, dtype):
    """The kernel takes x2's rows 512 at a time, and splits x1's rows across
    threads when the work is large: 1100 rows cross both, pdist's pairs too."""
    rng = np.random.default_rng(5)
    a, b = pair(rng.standard_normal((1100, 7)).astype(dtype))
    c, d = pair(rng.standard_normal((2, 1100, 7)).astype(dtype))
    for threads in (1, 2):
        th.set_num_threads(threads)
        try:
            check(lambda: th.cdist(a, c[0], p, MODES[2]), lambda: torch.cdist(b, d[0], p, MODES[2]),
                  **tolerance(dtype))
            check(lambda: th.cdist(c, c, p, MODES[2]), lambda: torch.cdist(d, d, p, MODES[2]),
                  **tolerance(dtype))
            check(lambda: th.pdist(a, p), lambda: torch.pdist(b, p), **tolerance(dtype))
        finally:
            th.set_num_threads(0)

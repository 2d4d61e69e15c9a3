"""Batched products (bmm, baddbmm) of few or small matrices against torch 2.13:
they run on the calling thread alone (waking threads cost ~20 us, 40x a
(2, 2, 2) product), larger ones across threads; the values are the same."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import th

from helpers import best_time

torch = pytest.importorskip("torch")


@settings(max_examples=80, deadline=None)
@given(count=st.sampled_from([1, 2, 3, 5, 64, 300]), n=st.integers(1, 9), k=st.integers(1, 9),
       p=st.integers(1, 9), dtype=st.sampled_from(["float32", "float64"]),
       layout=st.sampled_from(["contiguous", "transposed", "strided"]),
       seed=st.integers(0, 2 ** 32 - 1))
def test_small_batched_products_match_torch(count, n, k, p, dtype, layout, seed):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=(count, n, k)).astype(dtype)
    b = rng.normal(size=(count, k, p)).astype(dtype)
    c = rng.normal(size=(count, n, p)).astype(dtype)

    def views(lib, x):
        t = th.from_numpy(x.copy()) if lib is th else torch.from_numpy(x.copy())
        if layout == "transposed":  # the same values, column-major batches
            return t.transpose(1, 2).contiguous().transpose(1, 2)
        if layout == "strided":
            return lib.cat([t, t], 0)[::2]
        return t

    tol = 1e-5 if dtype == "float32" else 1e-12
    got = th.bmm(views(th, a), views(th, b))
    want = torch.bmm(views(torch, a), views(torch, b))
    assert got.shape == tuple(want.shape) and got.dtype.name == str(want.dtype)[6:]
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=tol, atol=tol)
    got = th.baddbmm(views(th, c), views(th, a), views(th, b), beta=0.5, alpha=2)
    want = torch.baddbmm(views(torch, c), views(torch, a), views(torch, b), beta=0.5, alpha=2)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=tol, atol=tol)
    out = th.empty(0, dtype=getattr(th, dtype))
    assert th.bmm(views(th, a), views(th, b), out=out) is out
    np.testing.assert_allclose(out.numpy(), torch.bmm(views(torch, a), views(torch, b)).numpy(),
                               rtol=tol, atol=tol)


@pytest.mark.parametrize("shape", [(64, 16, 16), (8, 64, 64), (4, 300, 300)])
def test_larger_batched_products_match_torch(shape):
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=shape).astype(np.float32), rng.normal(size=shape).astype(np.float32)
    got = th.bmm(th.from_numpy(a), th.from_numpy(b))
    want = torch.bmm(torch.from_numpy(a), torch.from_numpy(b))
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-3)


def test_a_tiny_batched_product_costs_about_a_call():
    """Was ~20-50 us (a thread pool woken for two 2 x 2 products); now about
    th.mm's cost. A generous bound, for a loaded machine."""
    a, b = th.randn(2, 2, 2), th.randn(2, 2, 2)
    m = th.randn(2, 2)
    assert best_time(lambda: th.bmm(a, b)) < 4 * best_time(lambda: th.mm(m, m)) + 5e-6

"""Dot nodes (mshadow's DotExp): a matrix product inside the
expression API is handed to BLAS with the saver folded into beta and alpha,
and computed first into a temporary anywhere else. Values against numpy."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import th


def arrays(n, k, p, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((n, k)).astype(dtype), rng.standard_normal((k, p)).astype(dtype)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 5), st.booleans(), st.booleans(),
       st.sampled_from(["=", "+=", "-="]))
def test_savers_fold_into_one_product(n, k, p, ta, tb, saver):
    x, y = arrays(n, k, p)
    a = th.from_numpy(x.T.copy()).t() if ta else th.from_numpy(x)  # a transposed view
    b = th.from_numpy(y.T.copy()).t() if tb else th.from_numpy(y)
    out = th.from_numpy(np.full((n, p), 2.0))
    expected = {"=": x @ y, "+=": 2.0 + x @ y, "-=": 2.0 - x @ y}[saver]
    e = th.lazy(a) @ b
    assert e.shape == (n, p) and e.dtype is th.float64
    if saver == "=":
        out[...] = e
    elif saver == "+=":
        out += e
    else:
        out -= e
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-12, atol=1e-12)


def created_by(action):
    """How many th objects action creates (tracking serials)."""
    with th.debug.tracking():
        serial = th.debug.last_serial()
        action()
        return th.debug.last_serial() - serial


def test_in_place_add_is_one_addmm():
    """out += lazy(a) @ b is addmm_ (one gemm with beta 1): it creates exactly
    what out.addmm_(a, b) creates, no temporary product and no node."""
    x, y = arrays(4, 3, 5)
    a, b, out = th.from_numpy(x), th.from_numpy(y), th.ones(4, 5, dtype=th.float64)
    e = th.lazy(a) @ b
    made = created_by(lambda: out.__iadd__(e))
    assert made == created_by(lambda: out.addmm_(a, b))
    np.testing.assert_allclose(out.numpy(), 1 + 2 * (x @ y))
    # a product computed apart (under *=) creates more: the temporary
    assert created_by(lambda: out.__imul__(e)) > made


def test_inside_a_larger_expression_and_other_savers():
    x, y = arrays(3, 4, 2, np.float32)
    a, b = th.from_numpy(x), th.from_numpy(y)
    np.testing.assert_allclose((th.lazy(a) @ b * 2 + 1).eval().numpy(), x @ y * 2 + 1,
                               rtol=1e-5)
    out = th.full((3, 2), 3.0)
    out *= th.lazy(a) @ b
    np.testing.assert_allclose(out.numpy(), 3 * (x @ y), rtol=1e-5)
    o64 = th.zeros(3, 2, dtype=th.float64)  # another dtype: cast as copy casts
    o64 += th.lazy(a) @ b
    np.testing.assert_allclose(o64.numpy(), x @ y, rtol=1e-5)
    # operands that are expressions themselves are evaluated first
    e = (th.lazy(a) + 1) @ (th.lazy(b) * 2)
    np.testing.assert_allclose(e.eval().numpy(), (x + 1) @ (y * 2), rtol=1e-5)
    assert "matmul(add(tensor[3, 4] float32, 1), mul(tensor[4, 2] float32, 2))" in repr(e)
    # a tensor on the left of an Expr
    np.testing.assert_allclose((a @ th.lazy(b)).eval().numpy(), x @ y, rtol=1e-5)


def test_nodes_free_their_operands():
    a, b = th.ones(2, 3), th.ones(3, 2)
    e = th.lazy(a) @ b
    assert a.refcount == 2 and b.refcount == 2
    del e
    assert a.refcount == 1 and b.refcount == 1


@pytest.mark.parametrize("left, right, message", [
    (th.ones(2, 3), th.ones(2, 3), r"shapes \[2, 3\] and \[2, 3\] cannot be multiplied"),
    (th.ones(3), th.ones(3, 2), "both operands must be 2-d"),
    (th.ones(2, 3), th.ones(3, 2, dtype=th.float64), "one dtype, got float32 and float64"),
])
def test_bad_operands(left, right, message):
    with pytest.raises(RuntimeError, match=message):
        th.lazy(left) @ right


def test_dst_of_another_shape_is_refused():
    out = th.zeros(3, 3)
    with pytest.raises(RuntimeError, match=r"size of tensor a \(3\) must match the size of "
                       r"tensor b \(2\) at non-singleton dimension 0"):
        out += th.lazy(th.ones(2, 3)) @ th.ones(3, 3)
    assert out.tolist() == [[0.0] * 3] * 3

"""Comparing th with torch in tests: the same tensor in both libraries (any
geometry: the views are made the same way on both sides), results compared
by value, dtype, shape and (for views) geometry, and errors by torch's
builtin exception class."""
import numpy as np
import pytest
from hypothesis import strategies as st

import th

torch = pytest.importorskip("torch")

# dtypes both have and numpy can carry between them
DTYPES = [th.bool, th.uint8, th.int8, th.int16, th.int32, th.int64, th.float16, th.float32,
          th.float64, th.complex64, th.complex128]
NUMBERS = [d for d in DTYPES if d != th.bool]
FLOATS = [th.float32, th.float64]
# the builtin classes torch's errors are, most specific first
BUILTINS = (IndexError, NotImplementedError, TypeError, ValueError, RuntimeError)


def torch_dtype(dtype):
    return getattr(torch, str(dtype).split(".")[-1])


def th_dtype(dtype):
    return getattr(th, str(dtype).split(".")[-1])


def pair(array):
    """(th tensor, torch tensor) holding copies of a numpy array."""
    return th.from_numpy(array.copy()), torch.from_numpy(array.copy())


def values(t):
    """A th or torch tensor's values as numpy (bfloat16 through float32)."""
    if isinstance(t, th.Tensor):
        if t.dtype == th.bfloat16:
            t = t.to(th.float32)
        return np.array(t.numpy())
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.resolve_conj().numpy()


def assert_same(result, expected, *, geometry=False, rtol=0.0, atol=0.0):
    """th's result matches torch's: tensors (dtype, shape, values, NaN where
    NaN; geometry: strides and offset too), tuples of them, or plain values."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(result, (tuple, list)) and len(result) == len(expected), \
            (result, expected)
        for r, e in zip(result, expected):
            assert_same(r, e, geometry=geometry, rtol=rtol, atol=atol)
        return
    if not isinstance(expected, torch.Tensor):
        assert result == expected
        return
    assert isinstance(result, th.Tensor), type(result)
    assert str(result.dtype).split(".")[-1] == str(expected.dtype).split(".")[-1]
    assert result.shape == tuple(expected.shape)
    if geometry and result.numel():  # (an empty tensor's strides are no one's business)
        # (a size-1 dim's stride is no one's business either)
        assert [s for s, n in zip(result.stride(), result.shape) if n > 1] == \
            [s for s, n in zip(expected.stride(), expected.shape) if n > 1]
        assert result.storage_offset() == expected.storage_offset()
    a, b = values(result), values(expected)
    if rtol or atol:
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    else:
        np.testing.assert_array_equal(a, b)


def outcome(fn):
    """fn()'s result, or the builtin class of the exception it raised."""
    try:
        return fn(), None
    except BUILTINS as e:
        return None, next(b for b in BUILTINS if isinstance(e, b))


def check(th_fn, torch_fn, **compare):
    """th_fn() matches torch_fn(): the same results, or an exception of the
    builtin class torch's is (th's own classes derive from them)."""
    expected, error = outcome(torch_fn)
    if error is not None:
        with pytest.raises(error):
            th_fn()
        return None
    result = th_fn()
    assert_same(result, expected, **compare)
    return result


@st.composite
def tensor_pairs(draw, dtypes=DTYPES, min_dims=0, max_dims=4, max_side=5, min_side=0):
    """(th tensor, torch tensor): the same values and the same geometry, often
    not contiguous (permuted, sliced with a step, offset)."""
    nd = draw(st.integers(min_dims, max_dims))
    shape = draw(st.lists(st.integers(min_side, max_side), min_size=nd, max_size=nd))
    dtype = draw(st.sampled_from(dtypes))
    extra = [s * 2 for s in shape]  # room for a step of 2
    n = int(np.prod(extra)) if extra else 1
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    npdtype = values(th.empty(0, dtype=dtype)).dtype
    if npdtype.kind == "b":
        flat = rng.integers(0, 2, n + 1).astype(bool)
    elif npdtype.kind in "iu":
        flat = rng.integers(0, 100, n + 1).astype(npdtype)
    elif npdtype.kind == "c":
        flat = (rng.standard_normal(n + 1) + 1j * rng.standard_normal(n + 1)).astype(npdtype)
    else:
        flat = rng.standard_normal(n + 1).astype(npdtype)
    a, b = pair(flat)
    offset = draw(st.integers(0, 1))
    a = a[offset:offset + n].view(extra) if extra else a[offset]
    b = b[offset:offset + n].view(extra) if extra else b[offset]
    index = tuple(slice(None, None, 2) if draw(st.booleans()) else slice(0, s)
                  for s in shape)
    a, b = a[index], b[index]
    if nd:
        perm = draw(st.permutations(range(nd)))
        a, b = a.permute(perm), b.permute(*perm)
    return a, b

"""Helpers of the th.nn.functional tests (tests/nn): th tensors of numpy
arrays in a chosen memory layout, torch copies of th tensors, and the
comparison of one F.<name> call in th and in torch (torch 2.13 the oracle,
imported by the tests that use these)."""
import numpy as np
import pytest

import th
import th.nn.functional as F


def to_torch(t):
    """torch's copy of a th tensor (anything else as it is)."""
    import torch
    return torch.from_numpy(np.array(t.numpy())) if isinstance(t, th.Tensor) else t


def as_th(a, transposed=False):
    """A th tensor of a's values; transposed: its last two dims swapped in
    memory (a non-contiguous view)."""
    if transposed and a.ndim >= 2:
        return th.from_numpy(np.ascontiguousarray(np.swapaxes(a, -1, -2))).transpose(-1, -2)
    return th.from_numpy(np.ascontiguousarray(a))


def compare(name, x, *args, exact=True, **kw):
    """F.<name>(x, *args, **kw) in th and torch: the same shapes, dtypes and
    values (equal when exact, else within float rounding; a tuple result
    item by item), or the same exception class. Whether torch succeeded."""
    import torch
    try:
        theirs = getattr(torch.nn.functional, name)(to_torch(x), *args, **kw)
    except Exception as e:  # noqa: BLE001 - torch's class is the expectation
        with pytest.raises(type(e)):
            getattr(F, name)(x, *args, **kw)
        return False
    ours = getattr(F, name)(x, *args, **kw)
    if not isinstance(theirs, tuple):
        ours, theirs = (ours,), (theirs,)
    for o, t in zip(ours, theirs):
        assert tuple(o.shape) == tuple(t.shape)
        assert str(o.dtype).split(".")[-1] == str(t.dtype).split(".")[-1]
        if exact or not t.dtype.is_floating_point:
            np.testing.assert_array_equal(np.array(o.numpy()), t.numpy())
        else:
            tol = 1e-12 if t.dtype == torch.float64 else 1e-5
            np.testing.assert_allclose(np.array(o.numpy()), t.numpy(), rtol=tol, atol=tol)
    return True

"""THTensor_cdist and THTensor_pdist (THTensorFactories.h), called through
ctypes on libTH.so: values against scipy's, arguments borrowed (refcounts and
live counts unchanged), the result resized in place or written as it lies,
every refusal with its exception, and failing allocations freeing what they
took. th.cdist / th.pdist against torch are tests/nn/test_distance_matrices.py."""
import ctypes
import math
import os

import numpy as np
import pytest
from scipy.spatial.distance import cdist as scipy_cdist
from scipy.spatial.distance import pdist as scipy_pdist

import th
from th import _testcapi as capi

lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
P = ctypes.c_void_p
cdist_c = lib.THTensor_cdist
cdist_c.restype, cdist_c.argtypes = ctypes.c_int, [P, P, P, ctypes.c_double]
pdist_c = lib.THTensor_pdist
pdist_c.restype, pdist_c.argtypes = ctypes.c_int, [P, P, ctypes.c_double]


def ptr(t):
    return None if t is None else capi.tensor_address(t)


def call(fn, *args):
    """fn's C function on the tensors args (kept alive through the call) and
    the number p last."""
    *tensors, p = args
    return (cdist_c if fn == "cdist" else pdist_c)(*[ptr(t) for t in tensors], p)


def scipy_p(p):
    return {"metric": "chebyshev"} if math.isinf(p) else (
        {"metric": "hamming"} if p == 0 else {"metric": "minkowski", "p": p})


def expected(kind, a, b, p):
    if kind == "pdist":
        r = scipy_pdist(a.astype(np.float64), **scipy_p(p))
    else:
        r = scipy_cdist(a.astype(np.float64), b.astype(np.float64), **scipy_p(p))
    return r * a.shape[1] if p == 0 else r  # hamming is the fraction that differ


@pytest.mark.parametrize("p", [0.0, 1.0, 2.0, 0.5, 3.0, math.inf])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("m", [1, 4, 7])
def test_values_are_scipys_for_any_strides(p, dtype, m):
    rng = np.random.default_rng(m)
    a = rng.integers(-3, 4, (40, m)).astype(dtype)  # small integers: ties and zeros for p = 0
    a[::3] += rng.standard_normal((14, m)).astype(dtype)
    b = rng.standard_normal((600, m)).astype(dtype)  # more than a block of 512 rows
    x1 = th.from_numpy(np.ascontiguousarray(a.T)).t()  # a transposed view: other strides
    x2 = th.from_numpy(b)
    rtol = 1e-5 if dtype == np.float32 else 1e-12
    r = th.empty(0, dtype=x1.dtype)
    assert call("cdist", r, x1, x2, p) == 0
    np.testing.assert_allclose(r.numpy(), expected("cdist", a, b, p), rtol=rtol, atol=1e-6)
    r = th.empty(0, dtype=x1.dtype)
    assert call("pdist", r, x1, p) == 0
    np.testing.assert_allclose(r.numpy(), expected("pdist", a, None, p), rtol=rtol, atol=1e-6)


def test_arguments_are_borrowed_and_a_result_of_the_shape_is_written_as_it_lies():
    x1, x2 = th.randn(5, 3, dtype=th.float64), th.randn(4, 3, dtype=th.float64)
    big = th.full((4, 10), -1.0, dtype=th.float64)
    r = big[:, 1:6].t()  # (5, 4), strides (1, 10): written in place
    live = th.debug.live()
    counts = [(t.refcount, t.storage().refcount) for t in (x1, x2, r)]
    assert call("cdist", r, x1, x2, 2.0) == 0
    assert [(t.refcount, t.storage().refcount) for t in (x1, x2, r)] == counts
    assert th.debug.live() == live
    np.testing.assert_allclose(big[:, 1:6].numpy().T, scipy_cdist(x1.numpy(), x2.numpy()))
    assert (big[:, 0].numpy() == -1).all() and (big[:, 6:].numpy() == -1).all()
    out = th.empty(7, 7, dtype=th.float64)
    assert call("pdist", out, x1, 1.0) == 0 and out.shape == (10,)  # resized
    np.testing.assert_allclose(out.numpy(), scipy_pdist(x1.numpy(), "cityblock"))


def test_empty_inputs_and_no_coordinates():
    r = th.empty(0)
    assert call("cdist", r, th.ones(0, 3), th.ones(4, 3), 2.0) == 0
    assert r.shape == (0, 4)
    assert call("cdist", r, th.ones(2, 0), th.ones(3, 0), math.inf) == 0
    assert r.shape == (2, 3) and (r.numpy() == 0).all()
    for n in (0, 1):
        assert call("pdist", r, th.ones(n, 2), 2.0) == 0 and r.shape == (0,)


def refusals():
    f32, f64 = th.ones(3, 2), th.ones(3, 2, dtype=th.float64)
    readonly = th.frombuffer(bytes(36), dtype=th.float32)[:9].view(3, 3)
    i64 = th.ones(2, 2, dtype=th.int64)
    return [
        (("cdist", th.empty(0), None, f32, 2.0), ValueError, "x1 is NULL"),
        (("cdist", None, f32, f32, 2.0), ValueError, "result is NULL"),
        (("cdist", th.empty(0), th.ones(3), f32, 2.0), ValueError, "2-D"),
        (("cdist", th.empty(0), f32, th.ones(3, 4), 2.0), ValueError, "same number of columns"),
        (("cdist", th.empty(0), f32, f64, 2.0), ValueError, "x2 float64"),
        (("cdist", th.empty(0), f32, f32, -1.0), ValueError, "non-negative"),
        (("cdist", th.empty(0, dtype=th.int64), i64, i64, 2.0), NotImplementedError, "int64"),
        (("cdist", th.empty(0, dtype=th.float64), f32, f32, 2.0), ValueError, "result is float64"),
        (("cdist", f32[:, :1].expand(3, 3), f32, f32, 2.0), RuntimeError, "share memory"),
        (("cdist", readonly, f32, f32, 2.0), RuntimeError, "read-only"),
        (("pdist", th.empty(0), th.ones(2, 2, 2), 2.0), ValueError, "2-D"),
        (("pdist", th.empty(0), f32, -0.5), ValueError, "non-negative"),
        (("pdist", th.empty(0, dtype=th.float16), th.ones(3, 2, dtype=th.float16), 2.0),
         NotImplementedError, "float16"),
    ]


@pytest.mark.parametrize("case", range(len(refusals())))
def test_refusals_raise_their_exception(case):
    args, exc, message = refusals()[case]
    live = th.debug.live()
    with pytest.raises(exc, match=message):
        call(*args)
    assert th.debug.live() == live


def test_a_result_overlapping_an_input_is_refused():
    base = th.randn(4, 4)
    before = base.numpy().copy()
    with pytest.raises(ValueError, match="overlaps an input"):
        call("cdist", base, base[:, :2], base[:, 2:], 2.0)
    np.testing.assert_array_equal(base.numpy(), before)


@pytest.mark.parametrize("name", ["cdist", "pdist"])
def test_a_failing_allocation_raises_and_frees_what_it_took(name):
    x = th.randn(6, 3)
    run = ((lambda r: call("cdist", r, x, x, 2.0)) if name == "cdist"
           else (lambda r: call("pdist", r, x, 2.0)))
    first = th.empty(0)
    with th.debug.count_allocations() as counted:
        run(first)
    assert counted.allocations >= 1
    for k in range(1, counted.allocations + 1):
        r = th.empty(0)
        before = th.debug.live()
        with th.debug.fail_allocations(after=k) as failure:
            with pytest.raises(MemoryError, match="failed to allocate"):
                run(r)
        assert failure.fired and th.debug.live() == before

"""TH v0.4's typed plane convolutions (THFloatTensor_conv2Dmv, ... and the
pointer kernels THDoubleTensor_validXCorr2Dptr, ...: 22 functions, the seven
types): thin wrappers over th's THTensorConv.h, which tests/math/
test_conv_planes.py checks against scipy. Here: every wrapper gives th's
function's bits for every type, one of each against scipy, TH's rules
(a result with 0 dims is zeroed, not scaled) and errors as exceptions. The
wrappers take more arguments than th.legacy.call passes: they go through
tests/legacy/legacy_shim.c."""
from ctypes import c_char_p, c_double, c_int, c_int64, c_void_p as P

import numpy as np
import pytest
from scipy import signal

import th
import shim
from legacy_capi import LIB, legacy_fn

TYPES = {"Float": (np.float32, th.float32, 6), "Double": (np.float64, th.float64, 7),
         "Byte": (np.uint8, th.uint8, 0), "Char": (np.int8, th.int8, 1),
         "Short": (np.int16, th.int16, 2), "Int": (np.int32, th.int32, 3),
         "Long": (np.int64, th.int64, 4)}
# shim index: (name, t dims, k dims, takes vf and xc, spatial dims)
FORMS = [("conv2Dmv", (3,), (2, 3), True, 2), ("conv2Dmm", (2, 3), (4, 3), True, 2),
         ("conv2Dger", (3,), (2,), True, 2), ("conv2DRevger", (3,), (2,), False, 2),
         ("conv2DRevgerm", (2, 3), (2, 4), False, 2), ("conv2Dmul", (), (), True, 2),
         ("conv2Dcmul", (3,), (3,), True, 2), ("conv3Dmv", (3,), (2, 3), True, 3),
         ("conv3Dger", (3,), (2,), True, 3), ("conv3DRevger", (3,), (2,), False, 3),
         ("conv3Dmul", (), (), True, 3), ("conv3Dcmul", (3,), (3,), True, 3)]
POINTERS = ["validXCorr", "validConv", "fullXCorr", "fullConv", "validXCorrRev"]


def tensor(a, name):
    return th.tensor(a.tolist(), dtype=TYPES[name][1])


def as_numpy(t, name):
    return np.array(t.tolist(), dtype=TYPES[name][0])


def native(form, nd, kind):
    fn = getattr(LIB, "THTensor_" + form)
    fn.argtypes = [P, c_double, c_double, P, P] + [c_int64] * nd + ([c_char_p] * 2 if kind else [])
    fn.restype = c_int
    return fn


def values(rng, name, shape):
    dt = TYPES[name][0]
    if np.dtype(dt).kind == "f":
        return rng.standard_normal(shape).astype(dt)
    return rng.integers(0, 5, shape).astype(dt)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("index,vf,xc", [(i, vf, xc) for i in range(len(FORMS))
                                         for vf, xc in [(b"V", b"X"), (b"F", b"C")]
                                         if FORMS[i][3] or vf == b"V"])  # Rev: no vf
def test_tensor_forms_are_th_bits(name, index, vf, xc):
    form, tp, kp, kind, nd = FORMS[index]
    rng = np.random.default_rng(index)
    spatial, kernel = (5, 6, 4)[:nd], (2, 3, 2)[:nd]
    strides = (2, 1, 2)[:nd] if vf == b"V" and kind else (1, 1, 1)[:nd]
    t = tensor(values(rng, name, tp + spatial), name)
    k = tensor(values(rng, name, kp + kernel), name)
    mine, theirs = th.empty(0, dtype=TYPES[name][1]), th.empty(0, dtype=TYPES[name][1])
    shim.call(f"shim_{name}_conv", list(strides), [0, 2], [mine, t, k], index, vf, xc)
    assert native(form, nd, kind)(theirs, 0, 2, t, k, *strides, *((vf, xc) if kind else ())) == 0
    assert mine.shape == theirs.shape and mine.tolist() == theirs.tolist()
    # beta 1 scales what r holds: again, both sides
    shim.call(f"shim_{name}_conv", list(strides), [1, 3], [mine, t, k], index, vf, xc)
    assert native(form, nd, kind)(theirs, 1, 3, t, k, *strides, *((vf, xc) if kind else ())) == 0
    assert mine.tolist() == theirs.tolist()


def test_conv2Dmul_against_scipy():
    rng = np.random.default_rng(7)
    t, k = rng.standard_normal((6, 7)), rng.standard_normal((3, 2))
    r = th.empty(0, dtype=th.float64)
    shim.call("shim_Double_conv", [1, 1], [0, 1], [r, tensor(t, "Double"), tensor(k, "Double")],
              5, b"V", b"X")
    np.testing.assert_allclose(as_numpy(r, "Double"), signal.correlate(t, k, "valid"),
                               rtol=1e-12, atol=1e-12)
    shim.call("shim_Double_conv", [1, 1], [0, 1], [r, tensor(t, "Double"), tensor(k, "Double")],
              5, b"F", b"C")
    np.testing.assert_allclose(as_numpy(r, "Double"), signal.convolve(t, k, "full"),
                               rtol=1e-12, atol=1e-12)


def test_a_result_with_no_dims_is_zeroed_not_scaled():
    # TH: a result with 0 elements (every 0-dim one) is zeroed whatever beta;
    # the result here has one element, which th alone would have scaled
    t = th.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=th.float64)
    r = legacy_fn("THDoubleTensor_new", P)()
    try:
        shim.call("shim_Double_conv", [1, 1], [5, 1], [r, t, t], 5, b"V", b"X")
        assert legacy_fn("THDoubleTensor_nDimension", c_int, P)(r) == 2
        assert legacy_fn("THDoubleTensor_get2d", c_double, P, c_int64, c_int64)(r, 0, 0) == 30
    finally:
        legacy_fn("THDoubleTensor_free", None, P)(r)


@pytest.mark.parametrize("name", TYPES)
@pytest.mark.parametrize("which", range(5))
@pytest.mark.parametrize("nd", [2, 3])
def test_pointer_kernels_are_th_bits(name, which, nd):
    dt, _, code = TYPES[name]
    rng = np.random.default_rng(which)
    ins, ks, steps = (6, 5, 4)[:nd], (2, 3, 2)[:nd], (2, 1, 2)[:nd]
    kind = POINTERS[which]
    rev = kind.endswith("Rev")
    if rev:
        out = [i - (k - 1) * s for i, k, s in zip(ins, ks, steps)]
    elif kind.startswith("valid"):
        out = [(i - k) // s + 1 for i, k, s in zip(ins, ks, steps)]
    else:
        out = [(i - 1) * s + k for i, k, s in zip(ins, ks, steps)]
    t, k = values(rng, name, ins), values(rng, name, ks)
    r0 = values(rng, name, out)
    mine, theirs = r0.copy(), r0.copy()
    shim.call(f"shim_{name}_ptr{nd}", [*ins, *ks, *steps], [3], [mine, t, k], which)
    fname = ("validXCorr%dDRevptr" % nd) if rev else f"{kind}{nd}Dptr"
    fn = getattr(LIB, "THTensor_" + fname)
    fn.argtypes = [c_int, P, c_double, P] + [c_int64] * nd + [P] + [c_int64] * (2 * nd)
    fn.restype = c_int
    assert fn(code, theirs.ctypes.data, 3.0, t.ctypes.data, *ins, k.ctypes.data, *ks,
              *steps) == 0
    assert mine.tobytes() == theirs.tobytes()
    if name == "Double" and nd == 2 and kind == "validXCorr":
        want = signal.correlate(t, k, "valid")[::2, ::1]
        np.testing.assert_allclose(mine, r0 + 3 * want, rtol=1e-12, atol=1e-12)


def test_errors_are_exceptions():
    f = th.ones(3, 5, 5, dtype=th.float32)
    k = th.ones(2, 3, 2, 2, dtype=th.float32)
    r = th.empty(0, dtype=th.float32)
    with pytest.raises(RuntimeError, match="t_ is a Double tensor.*not a THFloatTensor"):
        shim.call("shim_Float_conv", [1, 1], [0, 1], [r, th.ones(3, 5, 5, dtype=th.float64), k],
                  0, b"V", b"X")
    with pytest.raises(RuntimeError, match="type of convolution can be 'V' or 'F'"):
        shim.call("shim_Float_conv", [1, 1], [0, 1], [r, f, k], 0, b"Q", b"X")
    with pytest.raises(RuntimeError, match="Stride should be a positive integer"):
        shim.call("shim_Float_conv", [0, 1], [0, 1], [r, f, k], 0, b"V", b"X")
    with pytest.raises(RuntimeError, match="Input image is smaller than kernel"):
        shim.call("shim_Float_conv", [1, 1], [0, 1],
                  [r, f, th.ones(2, 3, 9, 9, dtype=th.float32)], 0, b"V", b"X")
    with pytest.raises(RuntimeError, match="must not be NULL"):
        shim.call("shim_Double_ptr2", [2, 2, 1, 1, 1, 1], [1], [None, np.ones(4), np.ones(1)], 0)
    with pytest.raises(RuntimeError, match="Input image is smaller than kernel"):
        a = np.ones(4)
        shim.call("shim_Double_ptr2", [2, 2, 3, 3, 1, 1], [1], [a, a, np.ones(9)], 0)
    assert r.shape == (0,)

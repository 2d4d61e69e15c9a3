"""TH's plane convolutions (THTensorConv.h: conv2Dmv, conv2Dmm, conv2Dger,
conv2DRevger(m), conv2Dmul, conv2Dcmul, the conv3D forms and the valid/full
pointer kernels) through the C API, against scipy.signal: a valid or full
cross-correlation (correlate) or convolution (convolve), strides as
subsampling (valid), an input spread by zeros (full) or a kernel spread by
zeros (Rev)."""
import ctypes
import os

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import signal

import th
from th import _testcapi

P, L, D, S, INT = ctypes.c_void_p, ctypes.c_int64, ctypes.c_double, ctypes.c_char_p, ctypes.c_int

FORMS = {  # name: (input dims, kernel dims, kind arguments)
    "conv2Dmv": (3, 4, True), "conv2Dmm": (4, 4, True), "conv2Dger": (3, 3, True),
    "conv2DRevger": (3, 3, False), "conv2DRevgerm": (4, 4, False), "conv2Dmul": (2, 2, True),
    "conv2Dcmul": (3, 3, True), "conv3Dmv": (4, 5, True), "conv3Dger": (4, 4, True),
    "conv3DRevger": (4, 4, False), "conv3Dmul": (3, 3, True), "conv3Dcmul": (4, 4, True),
}
POINTERS = ["validXCorr2Dptr", "validConv2Dptr", "fullXCorr2Dptr", "fullConv2Dptr",
            "validXCorr2DRevptr", "validXCorr3Dptr", "validConv3Dptr", "fullXCorr3Dptr",
            "fullConv3Dptr", "validXCorr3DRevptr"]
DTYPES = {np.uint8: th.uint8, np.int8: th.int8, np.int16: th.int16, np.int32: th.int32,
          np.int64: th.int64, np.uint16: th.uint16, np.uint32: th.uint32, np.uint64: th.uint64,
          np.float32: th.float32, np.float64: th.float64}
CODES = {"uint8": 0, "int8": 1, "int16": 2, "int32": 3, "int64": 4, "float16": 5,
         "float32": 6, "float64": 7, "bool": 8, "uint16": 12, "uint32": 13, "uint64": 14}


def _lib():
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    for name, (_, _, kind) in FORMS.items():
        nd = int(name[4])
        fn = getattr(lib, "THTensor_" + name)
        fn.argtypes = [P, D, D, P, P] + [L] * nd + ([S, S] if kind else [])
        fn.restype = INT
    for name in POINTERS:
        nd = 2 if "2D" in name else 3
        fn = getattr(lib, "THTensor_" + name)
        fn.argtypes = [INT, P, D, P] + [L] * nd + [P] + [L] * nd + [L] * nd
        fn.restype = INT
    return lib


LIB = _lib()


def call(name, r, beta, alpha, t, k, strides, vf=b"V", xc=b"X"):
    """THTensor_<name>(r, beta, alpha, t, k, *strides[, vf, xc]); the tensors
    stay referenced by the caller for the call."""
    ad = _testcapi.tensor_address
    kind = (vf, xc) if FORMS[name][2] else ()
    return getattr(LIB, "THTensor_" + name)(ad(r), beta, alpha, ad(t), ad(k), *strides, *kind)


# ------------------------------------------------------------- the oracle

def spread(a, steps):
    """a with step - 1 zeros between neighbours along each dim."""
    out = np.zeros([(n - 1) * s + 1 for n, s in zip(a.shape, steps)], dtype=a.dtype)
    out[tuple(slice(None, None, s) for s in steps)] = a
    return out


def oracle(t, k, steps, mode, xc):
    """One plane: 'valid', 'full' or 'rev' of t with k, in float64 or int64
    (scipy's direct method: exact for the small integers here)."""
    big = np.int64 if t.dtype.kind in "iu" else np.float64
    t, k = t.astype(big), k.astype(big)
    if mode == "rev":
        return signal.correlate(t, spread(k, steps), "valid", method="direct")
    op = signal.correlate if xc == b"X" else signal.convolve
    if mode == "full":
        return op(spread(t, steps), k, "full", method="direct")
    out = op(t, k, "valid", method="direct")
    return out[tuple(slice(None, None, s) for s in steps)]


def expected(name, t, k, steps, vf, xc):
    """The whole result of a tensor form, plane by plane from the oracle."""
    mode = "rev" if "Rev" in name else ("valid" if vf == b"V" else "full")
    one = lambda a, b: oracle(a, b, steps, mode, xc)  # noqa: E731
    form = name[6:]
    if form == "mv":
        return np.stack([sum(one(t[i], k[o, i]) for i in range(t.shape[0]))
                         for o in range(k.shape[0])])
    if form == "mm":
        return np.stack([np.stack([sum(one(t[b, i], k[o, i]) for i in range(t.shape[1]))
                                   for o in range(k.shape[0])]) for b in range(t.shape[0])])
    if form in ("ger", "Revger"):
        return np.stack([np.stack([one(t[i], k[j]) for i in range(t.shape[0])])
                         for j in range(k.shape[0])])
    if form == "Revgerm":
        return np.stack([np.stack([sum(one(t[b, i], k[b, j]) for b in range(t.shape[0]))
                                   for i in range(t.shape[1])]) for j in range(k.shape[1])])
    if form == "mul":
        return one(t, k)
    assert form == "cmul"
    return np.stack([one(t[i], k[i]) for i in range(t.shape[0])])


def operands(name, rng, dtype=np.float64, spatial=None, kernel=None):
    tdims, kdims, _ = FORMS[name]
    nd = int(name[4])
    spatial = spatial or tuple(int(v) for v in rng.integers(3, 8, nd))
    kernel = kernel or tuple(int(rng.integers(1, s + 1)) for s in spatial)
    planes = {"mv": ((3,), (2, 3)), "mm": ((2, 3), (4, 3)), "ger": ((3,), (2,)),
              "Revger": ((3,), (2,)), "Revgerm": ((2, 3), (2, 4)), "mul": ((), ()),
              "cmul": ((3,), (3,))}[name[6:]]
    assert len(planes[0]) + nd == tdims and len(planes[1]) + nd == kdims

    def values(shape):
        if np.dtype(dtype).kind in "iu":
            return rng.integers(0, 5, shape).astype(dtype)
        return rng.standard_normal(shape).astype(dtype)
    return values(planes[0] + spatial), values(planes[1] + kernel)


def as_numpy(t):
    return np.array(t.tolist())


# ------------------------------------------------------------- tensor forms

KINDS = [(b"V", b"X"), (b"V", b"C"), (b"F", b"X"), (b"F", b"C")]


@pytest.mark.parametrize("name,vf,xc", [(name, vf, xc) for name in sorted(FORMS)
                                        for vf, xc in (KINDS if FORMS[name][2] else KINDS[:1])])
def test_tensor_forms_match_scipy(name, vf, xc):
    rng = np.random.default_rng(abs(hash((name, vf, xc))) % 2**32)
    nd = int(name[4])
    for steps in [(1,) * nd, tuple(int(s) for s in rng.integers(1, 4, nd))]:
        t, k = operands(name, rng)
        if "Rev" in name and any(a - (b - 1) * s < 1 for a, b, s in
                                 zip(t.shape[-nd:], k.shape[-nd:], steps)):
            steps = (1,) * nd
        r, tt, tk = th.empty(0, dtype=th.float64), th.from_numpy(t), th.from_numpy(k)
        assert call(name, r, 0.0, 1.0, tt, tk, steps, vf, xc) == 0
        want = expected(name, t, k, steps, vf, xc)
        assert r.shape == want.shape
        np.testing.assert_allclose(as_numpy(r), want, rtol=1e-12, atol=1e-12)
        assert r.is_contiguous() and r.refcount == 1
        assert tt.refcount == 1 and tk.refcount == 1


@pytest.mark.parametrize("dtype", sorted(DTYPES, key=lambda d: np.dtype(d).name))
def test_every_dtype(dtype):
    """Integers exact (and wrapping), float32 within its rounding."""
    rng = np.random.default_rng(3)
    t, k = operands("conv2Dmv", rng, dtype)
    r = th.empty(0, dtype=DTYPES[dtype])
    tt, tk = th.from_numpy(t), th.from_numpy(k)
    for vf, xc in [(b"V", b"C"), (b"F", b"X")]:
        assert call("conv2Dmv", r, 0, 3, tt, tk, (1, 2), vf, xc) == 0
        want = 3 * expected("conv2Dmv", t, k, (1, 2), vf, xc)
        if np.dtype(dtype).kind in "iu":
            assert as_numpy(r).astype(dtype).tolist() == want.astype(dtype).tolist()
        else:
            np.testing.assert_allclose(as_numpy(r), want, rtol=1e-5 if dtype == np.float32
                                       else 1e-12, atol=1e-5)


def test_integers_wrap_in_the_dtype():
    t = np.full((1, 4, 4), 200, dtype=np.uint8)
    k = np.full((1, 1, 3, 3), 7, dtype=np.uint8)
    r = th.empty(0, dtype=th.uint8)
    assert call("conv2Dmv", r, 0, 1, th.from_numpy(t), th.from_numpy(k), (1, 1)) == 0
    assert r.tolist() == [[[(200 * 7 * 9) % 256] * 2] * 2]
    t8 = th.tensor([[[-128] * 3] * 3], dtype=th.int8)
    k8 = th.tensor([[[[-1]]]], dtype=th.int8)
    r8 = th.empty(0, dtype=th.int8)
    assert call("conv2Dmv", r8, 0, 1, t8, k8, (1, 1)) == 0
    assert r8.tolist() == [[[-128] * 3] * 3]  # -(-128) wraps to -128


def test_beta_scales_zeroes_or_keeps_r_as_th():
    rng = np.random.default_rng(5)
    t, k = operands("conv2Dmv", rng)
    tt, tk = th.from_numpy(t), th.from_numpy(k)
    conv = expected("conv2Dmv", t, k, (1, 1), b"V", b"X")
    r0 = rng.standard_normal(conv.shape)
    for beta, alpha in [(1.0, 1.0), (0.5, -2.0), (2.0, 0.0)]:
        r = th.from_numpy(r0.copy())
        assert call("conv2Dmv", r, beta, alpha, tt, tk, (1, 1)) == 0
        np.testing.assert_allclose(r.numpy(), beta * r0 + alpha * conv, rtol=1e-12, atol=1e-12)
    # beta 0: r's NaNs do not propagate
    r = th.full(conv.shape, float("nan"), dtype=th.float64)
    assert call("conv2Dmv", r, 0.0, 1.0, tt, tk, (1, 1)) == 0
    np.testing.assert_allclose(r.numpy(), conv, rtol=1e-12)
    # an element count that changes: zeroed, whatever beta
    r = th.full((conv.size + 1,), float("nan"), dtype=th.float64)
    assert call("conv2Dmv", r, 1.0, 1.0, tt, tk, (1, 1)) == 0
    assert r.shape == conv.shape
    np.testing.assert_allclose(r.numpy(), conv, rtol=1e-12)
    # the same count in another shape: reshaped and kept, as TH's resize
    r = th.ones(conv.size, dtype=th.float64)
    assert call("conv2Dmv", r, 1.0, 1.0, tt, tk, (1, 1)) == 0
    np.testing.assert_allclose(r.numpy(), conv + 1, rtol=1e-12)


def test_views_non_contiguous_results_and_overlap():
    rng = np.random.default_rng(7)
    t, k = operands("conv2Dmm", rng)
    want = expected("conv2Dmm", t, k, (2, 1), b"F", b"C")
    # transposed operands are read as they lie
    tt = th.from_numpy(np.ascontiguousarray(t.transpose(0, 1, 3, 2))).transpose(2, 3)
    tk = th.from_numpy(np.ascontiguousarray(k.transpose(1, 0, 2, 3))).transpose(0, 1)
    assert not tt.is_contiguous() and not tk.is_contiguous()
    # a result of the shape that is not contiguous is written where it lies
    r = th.zeros(want.shape[::-1], dtype=th.float64).permute(3, 2, 1, 0)
    data = r.data_ptr()
    assert call("conv2Dmm", r, 0.0, 1.0, tt, tk, (2, 1), b"F", b"C") == 0
    assert r.data_ptr() == data and not r.is_contiguous()
    np.testing.assert_allclose(as_numpy(r), want, rtol=1e-12, atol=1e-12)
    # r over its own input: the input is read before r is written
    t2 = rng.standard_normal((5, 5))
    k2 = rng.standard_normal((2, 2))
    r = th.from_numpy(t2.copy())
    kk = th.from_numpy(k2)
    assert call("conv2Dmul", r, 0.0, 1.0, r, kk, (1, 1)) == 0
    np.testing.assert_allclose(r.numpy(), oracle(t2, k2, (1, 1), "valid", b"X"), rtol=1e-12)
    # r of the full result's shape over the same storage as the input
    base = th.tensor(rng.standard_normal(36).tolist(), dtype=th.float64)
    r, t3 = base.view(6, 6), base[:25].view(5, 5)
    r_old, t_old = r.numpy().copy(), t3.numpy().copy()
    assert call("conv2Dmul", r, 1.0, 1.0, t3, kk, (1, 1), b"F", b"X") == 0
    np.testing.assert_allclose(r.numpy(), r_old + oracle(t_old, k2, (1, 1), "full", b"X"),
                               rtol=1e-12, atol=1e-12)


def test_threads_give_the_same_bits():
    rng = np.random.default_rng(9)
    t = rng.standard_normal((8, 40, 40)).astype(np.float32)
    k = rng.standard_normal((16, 8, 5, 5)).astype(np.float32)
    tt, tk = th.from_numpy(t), th.from_numpy(k)
    threads = th.get_num_threads()
    results = []
    try:
        for n in (1, 2):
            th.set_num_threads(n)
            r = th.empty(0)
            assert call("conv2Dmv", r, 0.0, 1.0, tt, tk, (1, 1), b"F", b"X") == 0
            results.append(r.numpy().tobytes())
    finally:
        th.set_num_threads(threads)
    assert results[0] == results[1]


def test_empty_plane_counts():
    """No planes: an empty result, or beta * r when the sum is empty."""
    t = th.zeros(0, 5, 5, dtype=th.float64)
    k = th.zeros(2, 0, 3, 3, dtype=th.float64)
    r = th.full((2, 3, 3), 4.0, dtype=th.float64)
    assert call("conv2Dmv", r, 0.5, 1.0, t, k, (1, 1)) == 0
    assert r.tolist() == [[[2.0] * 3] * 3] * 2
    r = th.empty(0, dtype=th.float64)
    assert call("conv2Dger", r, 0.0, 1.0, t, th.zeros(2, 3, 3, dtype=th.float64), (1, 1)) == 0
    assert r.shape == (2, 0, 3, 3)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pointer_kernels_match_scipy(data):
    name = data.draw(st.sampled_from(POINTERS))
    nd = 2 if "2D" in name else 3
    dtype = data.draw(st.sampled_from([np.float64, np.float32, np.int32, np.uint8]))
    ins = [data.draw(st.integers(1, 9)) for _ in range(nd)]
    ks = [data.draw(st.integers(1, n)) for n in ins]
    steps = [data.draw(st.integers(1, 3)) for _ in range(nd)]
    mode = "rev" if "Rev" in name else name[:name.index("X" if "XCorr" in name else "C")]
    if mode == "rev" and any(a - (b - 1) * s < 1 for a, b, s in zip(ins, ks, steps)):
        steps = [1] * nd
    xc = b"X" if "XCorr" in name else b"C"
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    if np.dtype(dtype).kind in "iu":
        t, k = (rng.integers(0, 4, s).astype(dtype) for s in (ins, ks))
    else:
        t, k = (rng.standard_normal(s).astype(dtype) for s in (ins, ks))
    want = oracle(t, k, steps, mode, xc)
    r0 = (rng.integers(0, 4, want.shape) if np.dtype(dtype).kind in "iu"
          else rng.standard_normal(want.shape)).astype(dtype)
    r = r0.copy()
    assert getattr(LIB, "THTensor_" + name)(CODES[np.dtype(dtype).name], r.ctypes.data, 2.0,
                                            t.ctypes.data, *ins, k.ctypes.data, *ks,
                                            *steps) == 0
    total = r0.astype(want.dtype) + 2 * want
    if np.dtype(dtype).kind in "iu":
        assert r.tolist() == total.astype(dtype).tolist()
    else:
        np.testing.assert_allclose(r, total, rtol=1e-4 if dtype == np.float32 else 1e-12,
                                   atol=1e-4 if dtype == np.float32 else 1e-12)


def test_the_two_loop_orders_of_the_2d_kernels_agree():
    """TH computes a dot product per output element for short rows or a
    column stride above 1, else adds scaled input rows: both give scipy's
    values."""
    rng = np.random.default_rng(11)
    for cols, sc in [(3, 1), (4, 1), (12, 1), (12, 2)]:
        t = rng.standard_normal((6, cols + 2))
        k = rng.standard_normal((3, 3))
        for mode, name, xc in [("valid", "validXCorr2Dptr", b"X"),
                               ("valid", "validConv2Dptr", b"C"),
                               ("full", "fullXCorr2Dptr", b"X"),
                               ("full", "fullConv2Dptr", b"C")]:
            want = oracle(t, k, (1, sc), mode, xc)
            r = np.zeros(want.shape)
            assert getattr(LIB, "THTensor_" + name)(7, r.ctypes.data, 1.0, t.ctypes.data,
                                                    *t.shape, k.ctypes.data, *k.shape, 1,
                                                    sc) == 0
            np.testing.assert_allclose(r, want, rtol=1e-12, atol=1e-12)


# ------------------------------------------------------------------ errors

def _f64(*shape):
    return th.zeros(*shape, dtype=th.float64)


BAD = [  # (name, r, t, k, strides, kind, error, message)
    ("conv2Dmv", _f64(0), _f64(5, 5), _f64(1, 1, 3, 3), (1, 1), (b"V", b"X"), ValueError,
     "input: 3D Tensor expected, got 2D"),
    ("conv2Dmv", _f64(0), _f64(1, 5, 5), _f64(1, 3, 3), (1, 1), (b"V", b"X"), ValueError,
     "kernel: 4D Tensor expected, got 3D"),
    ("conv2Dmv", _f64(0), _f64(2, 5, 5), _f64(1, 3, 3, 3), (1, 1), (b"V", b"X"), ValueError,
     "invalid number of input planes"),
    ("conv2Dmv", _f64(0), _f64(1, 5, 5), _f64(1, 1, 3, 3), (0, 1), (b"V", b"X"), ValueError,
     "Stride should be a positive integer, got 0"),
    ("conv2Dmv", _f64(0), _f64(1, 5, 5), _f64(1, 1, 3, 3), (1, 1), (b"Q", b"X"), ValueError,
     "type of convolution can be 'V' or 'F'"),
    ("conv2Dmv", _f64(0), _f64(1, 5, 5), _f64(1, 1, 3, 3), (1, 1), (b"V", b"Y"), ValueError,
     "type of convolution can be 'X' or 'C'"),
    ("conv2Dmv", _f64(0), _f64(1, 2, 5), _f64(1, 1, 3, 3), (1, 1), (b"V", b"X"), ValueError,
     "Input image is smaller than kernel"),
    ("conv2Dmv", _f64(0), _f64(1, 0, 5), _f64(1, 1, 3, 3), (1, 1), (b"F", b"X"), ValueError,
     "input and kernel planes must not be empty"),
    ("conv2DRevger", _f64(0), _f64(1, 5, 5), _f64(1, 3, 3), (3, 1), (), ValueError,
     "smaller than the kernel spread by the stride"),
    ("conv2DRevgerm", _f64(0), _f64(2, 1, 5, 5), _f64(3, 1, 3, 3), (1, 1), (), ValueError,
     "invalid number of batch elements"),
    ("conv2Dcmul", _f64(0), _f64(2, 5, 5), _f64(3, 3, 3), (1, 1), (b"V", b"X"), ValueError,
     "invalid number of input/kernel planes"),
    ("conv3Dmv", _f64(0), _f64(1, 3, 5, 5), _f64(1, 1, 3, 3), (1, 1, 1), (b"V", b"X"),
     ValueError, "kernel: 5D Tensor expected, got 4D"),
    ("conv2Dmul", th.zeros(0), _f64(5, 5), _f64(3, 3), (1, 1), (b"V", b"X"), TypeError,
     "expected r, t and k of one dtype, got float32, float64 and float64"),
    ("conv2Dmul", th.zeros(0, dtype=th.float16), th.zeros(5, 5, dtype=th.float16),
     th.zeros(3, 3, dtype=th.float16), (1, 1), (b"V", b"X"), NotImplementedError,
     "not implemented for float16"),
    ("conv2Dmul", th.zeros(0, dtype=th.complex64), th.zeros(5, 5, dtype=th.complex64),
     th.zeros(3, 3, dtype=th.complex64), (1, 1), (b"V", b"X"), NotImplementedError,
     "not implemented for complex64"),
    ("conv2Dmul", th.zeros(3, dtype=th.float64).expand(3, 3), _f64(5, 5), _f64(3, 3), (1, 1),
     (b"V", b"X"), RuntimeError, "elements that share memory"),
]


@pytest.mark.parametrize("case", BAD, ids=[f"{c[0]}-{c[7][:30]}" for c in BAD])
def test_bad_arguments_raise_and_leave_r_unchanged(case):
    name, r, t, k, strides, kind, error, message = case
    before = (r.shape, r.stride(), r.tolist())
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        call(name, r, 0.0, 1.0, t, k, strides, *kind)
    assert (r.shape, r.stride(), r.tolist()) == before
    assert r.refcount == 1 and t.refcount == 1 and k.refcount == 1


def test_alpha_beta_must_fit_the_dtype():
    r, t, k = (th.zeros(*s, dtype=th.uint8) for s in ((0,), (5, 5), (3, 3)))
    with pytest.raises(ValueError, match="THTensor_conv2Dmul"):
        call("conv2Dmul", r, 0.0, -1.0, t, k, (1, 1))
    with pytest.raises(ValueError, match="THTensor_conv2Dmul"):
        call("conv2Dmul", r, 300.0, 1.0, t, k, (1, 1))


def test_pointer_kernels_refuse_bad_geometry():
    t = np.zeros((4, 4))
    r = np.zeros((9, 9))
    fn = LIB.THTensor_validXCorr2Dptr
    with pytest.raises(ValueError, match="Input image is smaller than kernel"):
        fn(7, r.ctypes.data, 1.0, t.ctypes.data, 4, 4, t.ctypes.data, 5, 4, 1, 1)
    with pytest.raises(ValueError, match="Stride should be a positive integer"):
        fn(7, r.ctypes.data, 1.0, t.ctypes.data, 4, 4, t.ctypes.data, 2, 2, 1, -1)
    with pytest.raises(ValueError, match="must not be NULL"):
        fn(7, None, 1.0, t.ctypes.data, 4, 4, t.ctypes.data, 2, 2, 1, 1)
    with pytest.raises(NotImplementedError, match="bool"):
        fn(8, r.ctypes.data, 1.0, t.ctypes.data, 4, 4, t.ctypes.data, 2, 2, 1, 1)
    with pytest.raises(NotImplementedError, match="unknown dtype"):
        fn(99, r.ctypes.data, 1.0, t.ctypes.data, 4, 4, t.ctypes.data, 2, 2, 1, 1)
    assert not r.any()

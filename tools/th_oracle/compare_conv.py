"""th's TH plane convolutions (THTensor_conv2Dmv, ...) against TH v0.4's
typed ones (THFloatTensor_conv2Dmv, ...) on random geometries, kinds,
strides, beta and alpha, float32/float64/int64/uint8: bit for bit.

    PYTHONPATH=. python tools/th_oracle/compare_conv.py OUT/libTHref.so
"""

import ctypes
import os
import sys

import numpy as np

import th
from th import _testcapi

ref = ctypes.CDLL(sys.argv[1])
lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
P, L, D, S = ctypes.c_void_p, ctypes.c_long, ctypes.c_double, ctypes.c_char_p
TYPES = {
    np.float32: ("Float", ctypes.c_float, th.float32),
    np.float64: ("Double", ctypes.c_double, th.float64),
    np.int64: ("Long", ctypes.c_long, th.int64),
    np.uint8: ("Byte", ctypes.c_ubyte, th.uint8),
}
FORMS = {
    "conv2Dmv": (3, 4, 1),
    "conv2Dmm": (4, 4, 1),
    "conv2Dger": (3, 3, 1),
    "conv2DRevger": (3, 3, 0),
    "conv2DRevgerm": (4, 4, 0),
    "conv2Dmul": (2, 2, 1),
    "conv2Dcmul": (3, 3, 1),
    "conv3Dmv": (4, 5, 1),
    "conv3Dger": (4, 4, 1),
    "conv3DRevger": (4, 4, 0),
    "conv3Dmul": (3, 3, 1),
    "conv3Dcmul": (4, 4, 1),
}


def th_ref_tensor(R, a):
    new = getattr(ref, f"TH{R}Tensor_newWithSize")
    new.restype = P
    sz = ref.THLongStorage_newWithSize
    sz.restype = P
    s = sz(L(a.ndim))
    data = ref.THLongStorage_data
    data.restype = ctypes.POINTER(ctypes.c_long)
    d = data(P(s))
    for i, n in enumerate(a.shape):
        d[i] = n
    t = new(P(s), None)
    dp = getattr(ref, f"TH{R}Tensor_data")
    dp.restype = P
    if a.size:
        ctypes.memmove(dp(P(t)), np.ascontiguousarray(a).ctypes.data, a.nbytes)
    return t


def to_numpy(R, t, dtype):
    nd = getattr(ref, f"TH{R}Tensor_nDimension")(P(t))
    size = getattr(ref, f"TH{R}Tensor_size")
    size.restype = L
    shape = [size(P(t), i) for i in range(nd)]
    out = np.empty(shape, dtype=dtype)
    dp = getattr(ref, f"TH{R}Tensor_data")
    dp.restype = P
    if out.size:
        ctypes.memmove(out.ctypes.data, dp(P(t)), out.nbytes)
    return out


rng = np.random.default_rng(0)
n = bad = 0
for trial in range(600):
    name = list(FORMS)[trial % len(FORMS)]
    tdims, kdims, kind = FORMS[name]
    dtype = [np.float32, np.float64, np.int64, np.uint8][trial // 12 % 4]
    R, C, tdt = TYPES[dtype]
    nd = int(name[4])
    spatial = tuple(int(v) for v in rng.integers(1, 9, nd))
    vf, xc = (
        (bytes([rng.choice([86, 70])]), bytes([rng.choice([88, 67])])) if kind else (b"V", b"X")
    )
    ks = (
        tuple(int(rng.integers(1, s + 1)) for s in spatial)
        if vf == b"V"
        else tuple(int(v) for v in rng.integers(1, 5, nd))
    )
    steps = tuple(int(v) for v in rng.integers(1, 3, nd))
    if "Rev" in name and any(a - (b - 1) * s < 1 for a, b, s in zip(spatial, ks, steps)):
        steps = (1,) * nd
    planes = {
        "mv": ((3,), (2, 3)),
        "mm": ((2, 3), (4, 3)),
        "ger": ((3,), (2,)),
        "Revger": ((3,), (2,)),
        "Revgerm": ((2, 3), (2, 4)),
        "mul": ((), ()),
        "cmul": ((3,), (3,)),
    }[name[6:]]
    mk = (
        (lambda s: rng.integers(0, 7, s).astype(dtype))
        if dtype in (np.int64, np.uint8)
        else (lambda s: rng.standard_normal(s).astype(dtype))
    )
    t, k = mk(planes[0] + spatial), mk(planes[1] + ks)
    beta, alpha = [(0.0, 1.0), (1.0, 2.0), (0.5, -1.5), (2.0, 3.0)][trial % 4]
    if dtype == np.uint8:
        alpha = abs(round(alpha))
        beta = round(beta)
    if dtype == np.int64:
        alpha = round(alpha)
        beta = round(beta)
    # r starts as the TH result of a first call with beta 0 (so the shapes match), then a second call with beta
    rt = th_ref_tensor(R, np.zeros(0, dtype))
    tt_ = th_ref_tensor(R, t)
    kt_ = th_ref_tensor(R, k)
    f = getattr(ref, f"TH{R}Tensor_{name}")
    args = (
        [C(beta), C(alpha), P(tt_), P(kt_)]
        + [L(s) for s in steps]
        + ([S(vf), S(xc)] if kind else [])
    )
    args0 = [C(0), C(1)] + args[2:]
    f(P(rt), *args0)
    f(P(rt), *args)
    want = to_numpy(R, rt, dtype)
    r = th.empty(0, dtype=tdt)
    tt, tk = th.from_numpy(t), th.from_numpy(k)
    g = getattr(lib, f"THTensor_{name}")
    ad = _testcapi.tensor_address
    gargs = (
        [P(ad(tt)), P(ad(tk))]
        + [ctypes.c_int64(s) for s in steps]
        + ([S(vf), S(xc)] if kind else [])
    )
    assert g(P(ad(r)), D(0), D(1), *gargs) == 0
    assert g(P(ad(r)), D(beta), D(alpha), *gargs) == 0
    got = r.numpy()
    n += 1
    if got.shape != want.shape or got.tobytes() != want.tobytes():
        bad += 1
        if bad < 6:
            print(
                "DIFF",
                name,
                dtype.__name__,
                vf,
                xc,
                spatial,
                ks,
                steps,
                beta,
                alpha,
                got.shape,
                want.shape,
                (
                    np.abs(got.astype(float) - want.astype(float)).max()
                    if got.shape == want.shape
                    else ""
                ),
            )
print(n, "compared,", bad, "differ")

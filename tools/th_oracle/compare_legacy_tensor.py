"""th's TH-named tensor functions against TH v0.4's (libTHref.so, see
build.sh): random sequences of resize*, setStorage*, the in-place views and
the queries on both libraries, comparing nDimension, sizes, strides, offsets,
element counts and descriptions after every call. Argument errors are left
out (TH exits on them).

    PYTHONPATH=. python tools/th_oracle/compare_legacy_tensor.py /work/oracle/libTHref.so [N]
"""
import ctypes
import random
import sys
from ctypes import POINTER, c_int, c_int64, c_void_p as P

import th
import th.legacy


class Fields(ctypes.Structure):  # TH v0.4's public prefix, shared by th
    _fields_ = [("size", POINTER(c_int64)), ("stride", POINTER(c_int64)),
                ("nDimension", c_int), ("storage", P), ("storageOffset", ctypes.c_ssize_t)]


class StorageFields(ctypes.Structure):
    _fields_ = [("data", P), ("size", ctypes.c_ssize_t)]


def geometry(address):
    f = Fields.from_address(address)
    n = f.nDimension
    s = StorageFields.from_address(f.storage)
    return (n, tuple(f.size[i] for i in range(n)), tuple(f.stride[i] for i in range(n)),
            f.storageOffset, s.size)


class Lib:
    def __init__(self, lib, guarded):
        self.lib, self.guarded = lib, guarded

    def __call__(self, name, restype, argtypes, *args):
        f = getattr(self.lib, name)
        f.restype, f.argtypes = restype, argtypes
        return th.legacy.call(f, *args) if self.guarded else f(*args)


def run(ref_path, n_ops, seed):
    rng = random.Random(seed)
    ours = Lib(ctypes.CDLL(th.legacy.library()._name), True)
    ref = Lib(ctypes.CDLL(ref_path), False)
    libs = (ours, ref)
    t = [L("THFloatTensor_new", P, []) for L in libs]
    checked = 0
    for step in range(n_ops):
        g = geometry(t[0])
        n, size = g[0], g[1]
        op = rng.choice(["resize", "resizeNd", "setStorage", "narrow", "select", "transpose",
                         "unfold", "squeeze", "squeeze1d", "unsqueeze1d", "queries"])
        if op == "resize":
            dims = [rng.choice([0, 1, 1, 2, 3, 4]) for _ in range(rng.randint(1, 4))]
            for L, x in zip(libs, t):
                L(f"THFloatTensor_resize{len(dims)}d", None, [P] + [c_int64] * len(dims), x, *dims)
        elif op == "resizeNd":
            k = rng.randint(1, 4)
            sz = (c_int64 * k)(*[rng.choice([1, 2, 3, 0]) for _ in range(k)])
            st = (c_int64 * k)(*[rng.choice([-1, 1, 2, 5]) for _ in range(k)])
            for L, x in zip(libs, t):
                L("THFloatTensor_resizeNd", None, [P, c_int, P, P], x, k, sz, st)
        elif op == "setStorage":
            k = rng.randint(1, 3)
            sz = (c_int64 * k)(*[rng.choice([1, 2, 3]) for _ in range(k)])
            st = (c_int64 * k)(*[rng.choice([-1, 1, 2]) for _ in range(k)])
            off = rng.randint(0, 3)
            for L, x in zip(libs, t):
                s = L("THFloatStorage_newWithSize", P, [ctypes.c_ssize_t], 40)
                L("THFloatTensor_setStorageNd", None, [P, P, ctypes.c_ssize_t, c_int, P, P],
                  x, s, off, k, sz, st)
                L("THFloatStorage_free", None, [P], s)
        elif op in ("narrow", "select", "unfold", "squeeze1d") and n > 0:
            d = rng.randrange(n)
            if op == "narrow" and size[d] > 0:
                first = rng.randrange(size[d])
                length = rng.randint(1, size[d] - first)
                for L, x in zip(libs, t):
                    L("THFloatTensor_narrow", None, [P, P, c_int, c_int64, c_int64], x, None, d,
                      first, length)
            elif op == "select" and n > 1 and size[d] > 0:
                i = rng.randrange(size[d])
                for L, x in zip(libs, t):
                    L("THFloatTensor_select", None, [P, P, c_int, c_int64], x, None, d, i)
            elif op == "unfold" and size[d] > 0 and n < 6:
                k = rng.randint(1, size[d])
                step_ = rng.randint(1, 3)
                for L, x in zip(libs, t):
                    L("THFloatTensor_unfold", None, [P, P, c_int, c_int64, c_int64], x, None, d,
                      k, step_)
            elif op == "squeeze1d":
                for L, x in zip(libs, t):
                    L("THFloatTensor_squeeze1d", None, [P, P, c_int], x, None, d)
        elif op == "transpose" and n > 0:
            a, b = rng.randrange(n), rng.randrange(n)
            for L, x in zip(libs, t):
                L("THFloatTensor_transpose", None, [P, P, c_int, c_int], x, None, a, b)
        elif op == "squeeze":
            for L, x in zip(libs, t):
                L("THFloatTensor_squeeze", None, [P, P], x, None)
        elif op == "unsqueeze1d" and 0 < n < 6:
            d = rng.randint(0, n)
            for L, x in zip(libs, t):
                L("THFloatTensor_unsqueeze1d", None, [P, P, c_int], x, None, d)
        elif op == "queries":
            q = [(L("THFloatTensor_isContiguous", c_int, [P], x),
                  L("THFloatTensor_nElement", ctypes.c_ssize_t, [P], x)) for L, x in zip(libs, t)]
            assert q[0] == q[1], (step, q)
        a, b = geometry(t[0]), geometry(t[1])
        # TH's storage may be larger where th refused nothing: compare geometry
        assert a[:4] == b[:4], (step, op, a, b)
        checked += 1
    for L, x in zip(libs, t):
        L("THFloatTensor_free", None, [P], x)
    return checked


if __name__ == "__main__":
    ref = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    total = sum(run(ref, n, seed) for seed in range(10))
    print(f"{total} calls: th's geometry equals TH v0.4's after each")

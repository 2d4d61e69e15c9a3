"""Acceptance check: real TH client code (../shared/th-clients, not part of
th) compiled unmodified against th's headers with torch.utils.ffi's flags,
run on th tensors, and compared with the same code compiled against TH v0.4
and run on TH v0.4 (libTHref.so, tools/th_oracle/build.sh) and with numpy.

    PYTHONPATH=. python tools/legacy/check_clients.py CLIENTS TH_SRC LIBTHREF

CLIENTS: the th-clients folder; TH_SRC: TH v0.4's aten/src with THGeneral.h
made (build.sh does it); LIBTHREF: the built TH v0.4. Prints one line per
client: compiled or not, and whether every output equals TH v0.4's."""
import ctypes
import os
import subprocess
import sys
import tempfile
from ctypes import c_double, c_float, c_int, c_void_p as P

import numpy as np

import th
import th.legacy

FLAGS = ["-std=c99", "-O2", "-fPIC", "-Werror=implicit-function-declaration",
         "-Werror=implicit-int", "-Werror=int-conversion", "-Werror=incompatible-pointer-types",
         "-Werror=return-type"]
NP = {"Float": np.float32, "Double": np.float64, "Long": np.int64, "Int": np.int32,
      "Short": np.int16, "Char": np.int8, "Byte": np.uint8}


class TH04:
    """Typed tensors of TH v0.4 (libTHref.so) made from numpy arrays."""

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.made = []

    def fn(self, name, restype, *argtypes):
        f = getattr(self.lib, name)
        f.restype, f.argtypes = restype, list(argtypes)
        return f

    def tensor(self, array, real):
        array = np.ascontiguousarray(array, dtype=NP[real])
        sizes = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
        t = self.fn(f"TH{real}Tensor_new", P)()
        self.fn(f"TH{real}Tensor_resizeNd", None, P, c_int, P, P)(t, array.ndim, sizes, None)
        if array.size:
            ctypes.memmove(self.fn(f"TH{real}Tensor_data", P, P)(t), array.ctypes.data,
                           array.nbytes)
        self.made.append((real, t))
        return t

    def array(self, t, real):
        class F(ctypes.Structure):
            _fields_ = [("size", ctypes.POINTER(ctypes.c_int64)),
                        ("stride", ctypes.POINTER(ctypes.c_int64)), ("nDimension", c_int)]
        f = F.from_address(t)
        shape = tuple(f.size[i] for i in range(f.nDimension))
        n = int(np.prod(shape)) if shape else 0
        out = np.empty(n, dtype=NP[real])
        contiguous = self.fn(f"TH{real}Tensor_newContiguous", P, P)(t)
        if n:
            ctypes.memmove(out.ctypes.data, self.fn(f"TH{real}Tensor_data", P, P)(contiguous),
                           out.nbytes)
        self.fn(f"TH{real}Tensor_free", None, P)(contiguous)
        return out.reshape(shape)

    def free(self):
        for real, t in self.made:
            self.fn(f"TH{real}Tensor_free", None, P)(t)
        self.made = []


def run_my_lib(lib, mk, get, call):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 0.5, np.float32)
    ta, tb, out, grad = mk(a, "Float"), mk(b, "Float"), mk(np.zeros(0), "Float"), mk(
        np.zeros(0), "Float")
    f = lib.my_lib_add_forward
    f.argtypes, f.restype = [P] * 3, c_int
    ok = call(f, ta, tb, out)
    g = lib.my_lib_add_backward
    g.argtypes, g.restype = [P] * 2, c_int
    call(g, out, grad)
    res = [ok, get(out, "Float"), get(grad, "Float")]
    assert np.array_equal(res[1], a + b) and np.array_equal(res[2], np.ones((2, 3)))
    return res


def run_roi_align(lib, mk, get, call):
    rng = np.random.default_rng(0)
    features = rng.random((2, 3, 8, 10), dtype=np.float32)
    rois = np.array([[0, 1, 1, 6, 5], [1, 0.5, 2, 8.5, 7], [0, 3, 3, 3, 3]], np.float32)
    out = np.zeros((3, 3, 4, 4), np.float32)
    tf, tr, to = mk(features, "Float"), mk(rois, "Float"), mk(out, "Float")
    f = lib.roi_align_forward
    f.argtypes, f.restype = [c_int, c_int, c_float, P, P, P], c_int
    ok = call(f, 4, 4, 1.0, tf, tr, to)
    grad = np.zeros_like(features)
    tg = mk(grad, "Float")
    b = lib.roi_align_backward
    b.argtypes, b.restype = [c_int, c_int, c_float, P, P, P], c_int
    call(b, 4, 4, 1.0, to, tr, tg)
    return [ok, get(to, "Float"), get(tg, "Float")]


def run_scatter(lib, mk, get, call):
    res = []
    rng = np.random.default_rng(1)
    for real in ("Float", "Double", "Long", "Int", "Short", "Char", "Byte"):
        src = rng.integers(1, 5, (3, 6)).astype(NP[real])
        index = rng.integers(0, 4, (3, 6)).astype(np.int64)
        for op in ("mul", "div", "max", "min", "mean"):
            out = np.ones((3, 4), NP[real]) if op in ("mul", "div") else np.zeros((3, 4),
                                                                                 NP[real])
            to, ti, ts = mk(out, real), mk(index, "Long"), mk(src, real)
            f = getattr(lib, f"scatter_{op}_{real}")
            if op in ("max", "min"):
                arg = mk(np.full((3, 4), -1, np.int64), "Long")
                f.argtypes, f.restype = [c_int, P, P, P, P], None
                call(f, 1, to, ti, ts, arg)
                res += [get(to, real), get(arg, "Long")]
            elif op == "mean":
                count = mk(np.zeros((3, 4), NP[real]), real)
                f.argtypes, f.restype = [c_int, P, P, P, P], None
                call(f, 1, to, ti, ts, count)
                res += [get(to, real), get(count, real)]
            else:
                f.argtypes, f.restype = [c_int, P, P, P], None
                call(f, 1, to, ti, ts)
                res.append(get(to, real))
    return res


def run_threshold(lib, mk, get, call):
    res = []
    x = np.linspace(-2, 2, 12, dtype=np.float64).reshape(3, 4)
    for real in ("Float", "Double"):
        tx, out = mk(x, real), mk(np.zeros(0), real)
        f = getattr(lib, f"THNN_{real}Threshold_updateOutput")
        f.argtypes, f.restype = [P, P, P, c_double, c_double, ctypes.c_bool], None
        call(f, None, tx, out, 0.5, -1.0, False)
        gout, gin = mk(np.ones((3, 4)), real), mk(np.zeros(0), real)
        g = getattr(lib, f"THNN_{real}Threshold_updateGradInput")
        g.argtypes, g.restype = [P, P, P, P, c_double, c_double, ctypes.c_bool], None
        call(g, None, tx, gout, gin, 0.5, -1.0, False)
        res += [get(out, real), get(gin, real)]
        assert np.array_equal(res[-2], np.where(x > 0.5, x, -1).astype(NP[real]))
    return res


CLIENTS = [
    ("ffi_my_lib", "ffi_my_lib/my_lib.c", run_my_lib),
    ("frcnn_roi_align", "frcnn_roi_align/roi_align.c", run_roi_align),
    ("scatter_cpu", "scatter_cpu/cpu.c", run_scatter),
    ("thnn Threshold", None, run_threshold),
]


def th_side():
    made = []

    def mk(array, real):
        dtype = {"Float": th.float32, "Double": th.float64, "Long": th.int64, "Int": th.int32,
                 "Short": th.int16, "Char": th.int8, "Byte": th.uint8}[real]
        t = th.tensor(np.asarray(array, dtype=NP[real]).tolist(), dtype=dtype) if np.asarray(
            array).size else th.empty(0, dtype=dtype)
        made.append(t)
        return t

    def get(t, real):
        return np.array(t.tolist(), dtype=NP[real]).reshape(t.shape) if t.dim() else np.zeros(0)

    return mk, get, th.legacy.call


def main():
    clients, th_src, ref_path = sys.argv[1:4]
    inc = th.get_include()
    ours_dir = th.get_library_dirs()[0]
    ref_dir = os.path.dirname(os.path.abspath(ref_path))
    matched = compiled = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, rel, scenario in CLIENTS:
            if rel is None:  # THNN: init.c's prologue, then the module, as THNN built it
                init = open(os.path.join(clients, "thnn", "init.c")).read().split(
                    '#include "generic/Abs.c"')[0]
                src = os.path.join(tmp, "threshold.c")
                with open(src, "w") as f:
                    f.write(init + '#include "generic/Threshold.c"\n#include '
                                   '"THGenerateFloatTypes.h"\n')
                extra = ["-I", os.path.join(clients, "thnn")]
            else:
                src, extra = os.path.join(clients, rel), []
            tag = name.replace(" ", "_")
            ref = build_with(src, th_src, ref_dir, "THref", os.path.join(tmp, f"{tag}_ref.so"),
                             extra)
            try:
                ours = build_with(src, inc, ours_dir, "TH", os.path.join(tmp, f"{tag}_th.so"),
                                  extra)
            except OSError as e:  # compiled, but a function th lacks
                compiled += 1
                print(f"{name}: compiles unmodified; does not load: {str(e).split(': ')[-1]}")
                continue
            if ours is None:
                print(f"{name}: does not compile against th")
                continue
            compiled += 1
            want_lib = TH04(ref_path)
            want = scenario(ref, want_lib.tensor, want_lib.array, lambda f, *a: f(*a))
            mk, get, call = th_side()
            got = scenario(ours, mk, get, call)
            same = len(want) == len(got) and all(
                np.array_equal(np.asarray(a), np.asarray(b)) for a, b in zip(want, got))
            want_lib.free()
            matched += same
            print(f"{name}: compiles unmodified; {len(got)} outputs "
                  f"{'equal TH v0.4' + chr(39) + 's' if same else 'DIFFER from TH v0.4'}")
    print(f"{compiled} of {len(CLIENTS)} compile, {matched} match TH v0.4")


def build_with(src, include, libdir, lib, out, extra):
    cmd = ["gcc", *FLAGS, "-shared", "-I", os.path.dirname(src), *extra, "-I", include, "-I",
           os.path.join(include, "TH"), src, "-L", libdir, f"-l{lib}", "-Wl,-rpath," + libdir,
           "-o", out]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        print("   ", "\n    ".join(l for l in r.stderr.splitlines() if "error" in l)[:1500])
        return None
    return ctypes.CDLL(out)


if __name__ == "__main__":
    main()

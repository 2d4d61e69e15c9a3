"""Convolution, side by side with torch on the same data and the same number
of threads:

1. conv2d forward of a (32, 64, 56, 56) float32 input with a 64x64x3x3
   kernel, padding 1 (a ResNet block's convolution): th.nn.functional.conv2d
   (im2col + one BLAS gemm per batch element, THTensorConv.c) against
   torch.nn.functional.conv2d (oneDNN on x86). Target: at most 1.5x torch.
2. The same with stride 2 and a 1x1 kernel (no target): the strided gather
   of im2col and the pointwise path that reads the input as it lies.
3. TH's direct plane convolution, THTensor_conv2Dmm (valid
   cross-correlation, TH's loop order, output planes on threads) of a
   (8, 16, 56, 56) float32 input with a 16x16x5x5 kernel, against torch's
   conv2d of the same (no target: TH's algorithm, kept for TH's rounding).

Each figure is the minimum over repeats of one call, the two sides run
alternately (bench_blas.compare).

    PYTHONPATH=. python benchmarks/bench_conv.py [--quick] [--threads N]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import th  # noqa: E402
import th.nn.functional as F  # noqa: E402
from bench_blas import compare  # noqa: E402

try:
    import torch
    import torch.nn.functional as TF
except ImportError:  # pragma: no cover - torch is optional
    torch = None

CONV2D_TARGET = 1.5  # th conv2d / torch conv2d


def th_conv2Dmm():
    """THTensor_conv2Dmm(r, beta, alpha, t, k, srow, scol, vf, xc) through ctypes."""
    import ctypes
    from th import _testcapi
    fn = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so")).THTensor_conv2Dmm
    P, L = ctypes.c_void_p, ctypes.c_int64
    fn.argtypes = [P, ctypes.c_double, ctypes.c_double, P, P, L, L, ctypes.c_char_p,
                   ctypes.c_char_p]
    ad = _testcapi.tensor_address
    return lambda r, t, k: fn(ad(r), 0.0, 1.0, ad(t), ad(k), 1, 1, b"V", b"X")


def run(record=None, quick=False):
    """Prints each figure; record(label, ratio, target) returns the verdict."""
    record = record or (lambda label, value, target: "" if target is None else (
        "  ok" if value <= target else "  MISSED"))
    repeat = 2 if quick else 5
    rng = np.random.default_rng(0)
    if torch is None:
        print("  torch is not installed: nothing to compare with")
        return

    def line(label, ours, theirs, target):
        print(f"  {label:<44} th {ours * 1e3:8.2f} ms, torch {theirs * 1e3:8.2f} ms "
              f"{ours / theirs:6.2f}x" + record(label, ours / theirs, target), flush=True)

    x = rng.standard_normal((32, 64, 56, 56), dtype=np.float32)
    w = rng.standard_normal((64, 64, 3, 3), dtype=np.float32)
    w1 = rng.standard_normal((64, 64, 1, 1), dtype=np.float32)
    a, b, b1 = th.from_numpy(x), th.from_numpy(w), th.from_numpy(w1)
    ta, tb, tb1 = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(w1)
    with torch.no_grad():
        line("conv2d 32x64x56x56, 64x64x3x3, padding 1", *compare(
            lambda: F.conv2d(a, b, padding=1), lambda: TF.conv2d(ta, tb, padding=1), repeat),
            CONV2D_TARGET)
        line("conv2d 32x64x56x56, 64x64x3x3, stride 2", *compare(
            lambda: F.conv2d(a, b, stride=2, padding=1),
            lambda: TF.conv2d(ta, tb, stride=2, padding=1), repeat), None)
        line("conv2d 32x64x56x56, 64x64x1x1 (pointwise)", *compare(
            lambda: F.conv2d(a, b1), lambda: TF.conv2d(ta, tb1), repeat), None)
        x2 = rng.standard_normal((8, 16, 56, 56), dtype=np.float32)
        w2 = rng.standard_normal((16, 16, 5, 5), dtype=np.float32)
        a2, b2, r2 = th.from_numpy(x2), th.from_numpy(w2), th.empty(0)
        ta2, tb2 = torch.from_numpy(x2), torch.from_numpy(w2)
        conv2Dmm = th_conv2Dmm()
        line("TH conv2Dmm 8x16x56x56, 16x16x5x5 (direct)", *compare(
            lambda: conv2Dmm(r2, a2, b2), lambda: TF.conv2d(ta2, tb2), repeat), None)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--threads", type=int, default=th.get_num_threads(),
                        help="threads for th's (and so OpenBLAS's) and torch's work")
    args = parser.parse_args(argv)
    th.set_num_threads(args.threads)
    if torch is not None:
        torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__ if torch else '-'}, {args.threads} threads, "
          f"{os.cpu_count()} cpus, load {os.getloadavg()[0]:.2f}")
    run(quick=args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])

"""LAPACK (th.linalg), side by side with numpy.linalg and torch.linalg on the
same data and the same number of threads:

1. solve (one right-hand side column), inv, svd, eigh, cholesky and qr of a
   1000x1000 float64 matrix against numpy (target <= 1.1x: the same LAPACK,
   numpy's from scipy-openblas64, th's from scipy-openblas32) and torch (no
   target).
2. The same on a batch of 64 8x8 float64 matrices (target < 1.0x numpy:
   th runs the whole batch in one C call, numpy's gufuncs loop in C too,
   each matrix copied in and out).

Each figure is the minimum over repeats of one call, the two sides of a
ratio run alternately (bench_blas.compare).

    PYTHONPATH=. python benchmarks/bench_lapack.py [--quick] [--threads N]

benchmarks/run.py imports run().
"""
import argparse
import os
import sys

if __name__ == "__main__" and "--threads" in sys.argv[:-1]:
    # numpy's OpenBLAS reads its thread count once, when numpy is imported
    os.environ["OPENBLAS_NUM_THREADS"] = sys.argv[sys.argv.index("--threads") + 1]

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import th  # noqa: E402

from bench_blas import compare  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None

LARGE_TARGET = 1.1  # th / numpy, 1000x1000
BATCH_TARGET = 1.0  # th / numpy, 64 x 8x8


def cases(lib, a, b, spd):
    """(name, call) of each routine in lib (th.linalg, numpy.linalg or
    torch.linalg) on a (general), b (one column) and spd."""
    return [("solve", lambda: lib.solve(a, b)), ("inv", lambda: lib.inv(a)),
            ("svd", lambda: lib.svd(a)), ("eigh", lambda: lib.eigh(spd)),
            ("cholesky", lambda: lib.cholesky(spd)), ("qr", lambda: lib.qr(a))]


def run(record=None, quick=False):
    """Prints each figure; record(label, ratio, target) (benchmarks/run.py's)
    returns the verdict text."""
    record = record or (lambda label, value, target: "" if target is None else (
        "  ok" if value <= target else "  MISSED"))
    rng = np.random.default_rng(0)

    def line(label, ours, theirs, target):
        print(f"  {label:<44} th {ours * 1e3:8.3f} ms, other {theirs * 1e3:8.3f} ms "
              f"{ours / theirs:6.2f}x" + record(label, ours / theirs, target), flush=True)

    for shape, rhs, target, repeat in [((1000, 1000), (1000, 1), LARGE_TARGET, 2 if quick else 4),
                                       ((64, 8, 8), (64, 8, 1), BATCH_TARGET, 20 if quick else 50)]:
        x = rng.standard_normal(shape) + shape[-1] * np.eye(shape[-1])
        y = rng.standard_normal(rhs)
        s = x @ np.swapaxes(x, -1, -2)
        label = "x".join(map(str, shape))
        mine = cases(th.linalg, th.from_numpy(x), th.from_numpy(y), th.from_numpy(s))
        numpy_ = cases(np.linalg, x, y, s)
        for (name, ours), (_, theirs) in zip(mine, numpy_):
            line(f"{name} {label} float64 (th/numpy)", *compare(ours, theirs, repeat), target)
        if torch is not None:
            torch_ = cases(torch.linalg, torch.from_numpy(x), torch.from_numpy(y),
                           torch.from_numpy(s))
            for (name, ours), (_, theirs) in zip(mine, torch_):
                line(f"{name} {label} float64 (th/torch)", *compare(ours, theirs, repeat), None)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--threads", type=int, default=th.get_num_threads(),
                        help="threads for th's (and so OpenBLAS's) and torch's work")
    args = parser.parse_args(argv)
    th.set_num_threads(args.threads)
    if torch is not None:
        torch.set_num_threads(args.threads)
    print(f"numpy {np.__version__}, torch {torch.__version__ if torch else '-'}, "
          f"{args.threads} threads (numpy's OpenBLAS: "
          f"{os.environ.get('OPENBLAS_NUM_THREADS', 'its default')})")
    run(quick=args.quick)


if __name__ == "__main__":
    main(sys.argv[1:])

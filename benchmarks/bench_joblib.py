"""joblib with th tensors, side by side with numpy arrays and torch tensors:
``Parallel(n_jobs=2)`` over two 256 MiB float32 inputs, each task a cheap
reduction (``float(x.sum())``), so the time is mostly getting the inputs to
the loky workers.

Cases, each timed as the wall time of one whole ``Parallel(...)(...)`` call
(min of repeats, after a warm-up call that starts the workers):

1. default settings (max_nbytes="1M", mmap_mode="r"): joblib writes each
   numpy array to a file in its temporary folder (/dev/shm here) and the
   worker maps it; th's tensors take the same path (th/_joblib.py); torch's
   are pickled by value (loky's pickler knows nothing of torch);
2. max_nbytes=None: everything pickled by value (what th did before
   th/_joblib.py);
3. shared inputs: th and torch tensors moved to shared memory
   (``share_memory_()``) before the call; th's cross as descriptors
   (nothing copied); torch's are pickled by value through loky. numpy's row
   is its default path (case 1), for comparison.

Nothing is asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_joblib.py [--quick] [--mib N]
"""
import argparse
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from joblib import Parallel, delayed  # noqa: E402
import joblib  # noqa: E402

import bench_views as bv  # noqa: E402
import th  # noqa: E402

try:
    import torch
except ImportError:  # the torch column is left out
    torch = None


def total(x):
    return float(x.sum())


def inputs(library, mib, shared=False):
    n = mib * (1 << 20) // 4
    if library == "numpy":
        return [np.full(n, i + 1, dtype=np.float32) for i in range(2)]
    module = th if library == "th" else torch
    xs = [module.full((n,), float(i + 1), dtype=module.float32) for i in range(2)]
    return [x.share_memory_() for x in xs] if shared else xs


def time_parallel(xs, repeat, **parallel_args):
    """Min seconds of one Parallel call over xs (and the sums, checked)."""
    best = float("inf")
    for _ in range(repeat + 1):  # the first warms the workers up
        start = time.perf_counter()
        sums = Parallel(n_jobs=2, **parallel_args)(delayed(total)(x) for x in xs)
        best = min(best, time.perf_counter() - start)
        assert sums == [float(x.sum()) for x in xs], sums
    return best


def row(label, times):
    names = list(times)
    print(f"{label:<34}" + "".join(f"{_fmt(times[n]):>11}" for n in names)
          + "".join(f"{bv.fmt_ratio(times['th'], times[n]):>11}" for n in names
                    if n != "th" and times["th"] is not None and times[n] is not None),
          flush=True)


def _fmt(seconds):
    return "-" if seconds is None else f"{seconds * 1e3:.0f} ms"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="one repeat")
    parser.add_argument("--mib", type=int, default=256, help="MiB per input (2 inputs)")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else 3
    libraries = ["th", "numpy"] + (["torch"] if torch is not None else [])

    print(f"machine: {bv.cpu_model()}, {os.cpu_count()} CPUs; joblib {joblib.__version__}, "
          f"numpy {np.__version__}" + (f", torch {torch.__version__}" if torch else ""))
    print(f"th from {os.path.dirname(th.__file__)}; temporary folder: "
          f"{os.environ.get('JOBLIB_TEMP_FOLDER', '/dev/shm (joblib default)')}")
    print(f"Parallel(n_jobs=2) over 2 x {args.mib} MiB float32, float(x.sum()) per task; "
          f"min of {repeat} calls after a warm-up")
    print(f"{'':<34}" + "".join(f"{n:>11}" for n in libraries)
          + "".join(f"{'th/' + n:>11}" for n in libraries[1:]))

    cases = [("default (memory maps for numpy, th)", {}, False),
             ("max_nbytes=None (by value)", {"max_nbytes": None}, False),
             ("shared inputs (share_memory_)", {}, True)]
    for label, parallel_args, shared in cases:
        times = {}
        for library in libraries:
            if shared and library == "numpy":
                times[library] = None
                continue
            xs = inputs(library, args.mib, shared)
            times[library] = time_parallel(xs, repeat, **parallel_args)
            del xs
            gc.collect()
        if shared:  # numpy's nearest: its default path (case 1)
            xs = inputs("numpy", args.mib)
            times["numpy"] = time_parallel(xs, repeat)
            del xs
        row(label, times)


if __name__ == "__main__":
    main(sys.argv[1:])

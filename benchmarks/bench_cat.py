"""th.cat / th.stack of a few tensors, side by side with numpy.concatenate /
numpy.stack and torch.cat / torch.stack (when importable), on the same data.

Small joins (three 64x64 float32) are timed as statements in a timeit loop
(ns per op: the Python call, the checks and a 48 KiB copy); large ones
(three 1024x1024 float32, 12 MiB out) as single calls, minimum of repeats
(ms). th and torch run on th.get_num_threads() / the same number of threads.
Nothing is asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_cat.py [--quick]

benchmarks/run.py imports CASES and run().
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_views as bv  # noqa: E402


def joins(lib):
    """(cat, stack) of lib: numpy's own names, torch's for th and torch."""
    if isinstance(lib, bv.NumpyLib):
        return (lambda xs, dim: lib.module.concatenate(xs, axis=dim),
                lambda xs, dim: lib.module.stack(xs, axis=dim))
    return lib.module.cat, lib.module.stack


def join_case(shape, dim, stack=False, count=3, kind="copy"):
    def prepare(lib):
        xs = [lib.data(shape) for _ in range(count)]
        join = joins(lib)[1 if stack else 0]
        if kind == "view":  # a statement inlined in timeit's loop
            return "join(xs, dim)", {"join": join, "xs": xs, "dim": dim}
        return lambda: join(xs, dim)
    return prepare


SMALL, LARGE = (64, 64), (1024, 1024)
CASES = [
    bv.Case("cat", "cat 3 x 64x64 f32, dim 0", join_case(SMALL, 0, kind="view"), kind="view"),
    bv.Case("cat", "cat 3 x 64x64 f32, dim 1", join_case(SMALL, 1, kind="view"), kind="view"),
    bv.Case("cat", "stack 3 x 64x64 f32, dim 0", join_case(SMALL, 0, True, kind="view"),
            kind="view"),
    bv.Case("cat", "cat 3 x 1024x1024 f32, dim 0", join_case(LARGE, 0)),
    bv.Case("cat", "cat 3 x 1024x1024 f32, dim 1", join_case(LARGE, 1)),
    bv.Case("cat", "stack 3 x 1024x1024 f32, dim 2", join_case(LARGE, 2, True)),
]


def run(libs, settings):
    """Prints one row per case: each library's time, then th's ratios."""
    names = [lib.name for lib in libs]
    width = max(len(c.name) for c in CASES)
    print(f"{'':<{width}}" + "".join(f"{n:>11}" for n in names)
          + "".join(f"{'th/' + n:>11}" for n in names[1:]))
    for case in CASES:
        t = {lib.name: bv.run_case(case, lib, settings) for lib in libs}
        print(f"{case.name:<{width}}" + "".join(f"{bv.fmt_time(t[n], case.kind):>11}"
                                                for n in names)
              + "".join(f"{bv.fmt_ratio(t['th'], t[n]):>11}" for n in names[1:]), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    args = parser.parse_args(argv)
    settings = bv.QUICK if args.quick else bv.Settings()
    libs = bv.libraries()
    bv.print_header(libs, settings)
    run(libs, settings)


if __name__ == "__main__":
    main(sys.argv[1:])

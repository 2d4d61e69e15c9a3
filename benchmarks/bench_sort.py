"""Sorting and scans: th against numpy and torch (when importable) on the
same data, one run side by side.

Targets: th.sort (values and int64 indices) of 16M float32 at most numpy's
np.sort (values only: numpy has no sort that returns both; np.argsort, the
indices alone, is printed too) and torch.sort's time; sort along each dim
of a 4096x4096 float32 likewise. Other cases (stable sort, integers, a
transposed input, topk, median, cumsum) are printed without a target. Each
case is called round-robin with the others (so a load spike on a shared
machine hits every library alike), minimum of the repeats in ms. th and
torch run on th.get_num_threads() threads; numpy on one. Nothing is
asserted: the script prints.

    PYTHONPATH=. python benchmarks/bench_sort.py [--quick] [--threads N]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import th  # noqa: E402
from bench_blas import round_robin  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - torch is optional
    torch = None


def cases(n_flat, n_side):
    rng = np.random.default_rng(0)
    flat = rng.standard_normal(n_flat, dtype=np.float32)
    m = rng.standard_normal((n_side, n_side), dtype=np.float32)
    ints = rng.integers(-(1 << 30), 1 << 30, n_flat, dtype=np.int32)
    libs = {"numpy": (flat, m, ints), "th": (th.from_numpy(flat), th.from_numpy(m),
                                               th.from_numpy(ints))}
    if torch is not None:
        libs["torch"] = (torch.from_numpy(flat), torch.from_numpy(m), torch.from_numpy(ints))
    out = []

    def add(name, target, calls):
        out.append((name, target, calls))

    def per_lib(np_call, call):
        return {k: (lambda x=x, f=np_call if k == "numpy" else call: f(x))
                for k, x in libs.items()}

    big = f"{n_flat >> 20}M"
    add(f"sort {big} float32", ("numpy", "torch"),
        per_lib(lambda x: np.sort(x[0]), lambda x: x[0].sort()))
    add(f"argsort {big} float32", (),
        per_lib(lambda x: np.argsort(x[0]), lambda x: x[0].argsort()))
    for dim in (0, 1):
        add(f"sort(dim={dim}) {n_side}^2", ("numpy", "torch"),
            per_lib(lambda x, d=dim: np.sort(x[1], axis=d), lambda x, d=dim: x[1].sort(d)))
    add(f"stable sort {big} float32", (),
        per_lib(lambda x: np.sort(x[0], kind="stable"), lambda x: x[0].sort(stable=True)))
    add(f"sort {big} int32", (), per_lib(lambda x: np.sort(x[2]), lambda x: x[2].sort()))
    add(f"M.T.sort(1) {n_side}^2", (),
        per_lib(lambda x: np.sort(x[1].T, axis=1), lambda x: x[1].T.sort(1)))
    add(f"topk(10, dim=1) {n_side}^2", (),
        per_lib(lambda x: np.argpartition(x[1], -10, axis=1)[:, -10:],
                lambda x: x[1].topk(10, 1)))
    add(f"median(dim=1) {n_side}^2", (),
        per_lib(lambda x: np.median(x[1], axis=1), lambda x: x[1].median(1)))
    for dim in (0, 1):
        add(f"cumsum(dim={dim}) {n_side}^2", (),
            per_lib(lambda x, d=dim: np.cumsum(x[1], axis=d), lambda x, d=dim: x[1].cumsum(d)))
    return out


def run(quick=False, threads=None):
    if threads:
        th.set_num_threads(threads)
    if torch is not None:
        torch.set_num_threads(th.get_num_threads())
    repeats = 2 if quick else 5
    print(f"sorting and scans, minimum of {repeats} (ms); th and torch on "
          f"{th.get_num_threads()} threads, numpy on 1")
    round_robin(cases(1 << 24, 4096), repeats)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--threads", type=int)
    args = parser.parse_args()
    run(args.quick, args.threads)
